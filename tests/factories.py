"""factory_boy factories for the test suite."""

import factory
from django.contrib.auth import get_user_model

PASSWORD = "a-test-password-1"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"host{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)
    is_staff = True
    is_superuser = True
