"""Short nights found offline, for the rooms where the search's night varies by seed.

``scripts/find_short_nights.py`` writes :data:`SHORT`; nothing else edits it. The
format is that of :mod:`tourney.seating.stored` (a night's repeat meetings over the
counting bound, then one string per round, the players table by table, largest table
first), keyed by the game, the number of players and the number of rounds: a night
shorter than the game's whole night (Toonerville under 11 rounds, Rook Shanghai under
7 hands). Each is fair after every round and beats what the engine's own search plans
at some seed (tests/tourney/test_stored_seatings.py checks the first two).

Imports nothing.
"""

from __future__ import annotations

SHORT: dict[tuple[str, int, int], tuple[int, tuple[str, ...]]] = {
    ("shanghai", 9, 6): (
        0,
        (
            "473812056",
            "085271643",
            "510248367",
            "654287013",
            "327604158",
            "061352487",
        ),
    ),
    ("shanghai", 11, 5): (
        2,
        (
            "195026a4378",
            "35476a09821",
            "841a9370652",
            "9285a764013",
            "16730842a59",
        ),
    ),
    ("shanghai", 11, 6): (
        2,
        (
            "47329a51860",
            "710836a2495",
            "9045618723a",
            "2a148569307",
            "35982017a64",
            "58a79601342",
        ),
    ),
    ("shanghai", 13, 5): (
        4,
        (
            "c32546a98701b",
            "0a1932c6b4758",
            "a781294b53c06",
            "7469c150283ab",
            "568b0c14a2739",
        ),
    ),
    ("shanghai", 17, 6): (
        0,
        (
            "b29gc830f6e5a14d7",
            "5d462g378ae1b9fc0",
            "957bca0df418e2g36",
            "2cdfe7a0493g618b5",
            "b0823d619g7ec5a4f",
            "gfeb456c12a3879d0",
        ),
    ),
    ("shanghai", 18, 5): (
        22,
        (
            "2h6c94af8701egb35d",
            "51g4h6d02837cfab9e",
            "hb703f4cdeg6a28159",
            "dag397e561cb8h240f",
            "12bgf9ac504836ed7h",
        ),
    ),
    ("shanghai", 19, 6): (
        3,
        (
            "1ha863b7cgi9f0452de",
            "359aef12c8gd6i407hb",
            "07i5829dbahgfce4136",
            "719hd603g284be5icaf",
            "53h2iad04cbef7691g8",
            "59cg6h247ae1bi03fd8",
        ),
    ),
    ("shanghai", 20, 6): (
        3,
        (
            "f5j8bd9cie6h71g2a043",
            "13dhja48e7b29i60c5gf",
            "3e6ficj2ha81509gb74d",
            "iga9172fd5he0jb4c386",
            "jc70i5ab36eg8d29f14h",
            "60fad8hi45g793j2cbe1",
        ),
    ),
    ("toonerville", 9, 5): (
        1,
        (
            "452316087",
            "861057342",
            "263801574",
            "072543681",
            "437185206",
        ),
    ),
    ("toonerville", 14, 5): (
        6,
        (
            "0278946b53dac1",
            "ca3b81d5742069",
            "921340da6c857b",
            "5c0476319a8d2b",
            "97cda65210b438",
        ),
    ),
    ("toonerville", 14, 6): (
        0,
        (
            "31cb8407a6925d",
            "6d5973a24810cb",
            "2019ac583467db",
            "06cdb94581327a",
            "8b624a1d503c97",
            "17569d380ab2c4",
        ),
    ),
    ("toonerville", 17, 5): (
        20,
        (
            "fba735096c24d8eg1",
            "61e527gcb48930fad",
            "g4c803ea5d176b2f9",
            "f85bd91ca2g63e074",
            "agde98275103bcf46",
        ),
    ),
    ("toonerville", 17, 6): (
        4,
        (
            "53ef6c4g98b2ad071",
            "92178c5fdg4b60e3a",
            "a0cbd56894273feg1",
            "dc84e31b97af62g05",
            "920f64a51c7be8dg3",
            "gb75a9de2f4803c16",
        ),
    ),
    ("toonerville", 17, 7): (
        0,
        (
            "0d63b829fea1c54g7",
            "15gfe702ac3b86d94",
            "4a8c29e37g01d6fb5",
            "9c0573162g84feadb",
            "d871629gb54a30fec",
            "9fga37b41e608d25c",
            "42e0bcga6df735981",
        ),
    ),
    ("toonerville", 18, 5): (
        0,
        (
            "6e2gach78931bf405d",
            "c5f8db6940a27e3hg1",
            "1d74f03g5bhe8a62c9",
            "g8b734c6edaf9h0215",
            "hd23ag95b1c067f4e8",
        ),
    ),
    ("toonerville", 18, 6): (
        6,
        (
            "0a1gceb45369f82d7h",
            "8hc92713gdef0b6a45",
            "b7f50h428ad6c3g9e1",
            "bh3a1c5d478g9f026e",
            "g7960c25ehfa3d418b",
            "9d2b38e016f4g5h7ca",
        ),
    ),
    ("toonerville", 18, 7): (
        3,
        (
            "70bhe84f6g251c9da3",
            "hc1d03f2e5a97gb468",
            "453d97f6cbge21h0a8",
            "4ba20gd95781feh36c",
            "b31965ahf82cg04de7",
            "db681agf7e320c549h",
            "6e10a47chg389d2bf5",
        ),
    ),
    ("toonerville", 18, 8): (
        0,
        (
            "76ed04acf8b15392hg",
            "cd5293g0fha17e84b6",
            "he6b38c5ga74021d9f",
            "489he2f0bad3g65c17",
            "g80d972b6a51ehc3f4",
            "fcgbh70538269ea4d1",
            "7h3d45fe6c19b80g2a",
            "1eg3d4927f60hb5a8c",
        ),
    ),
    ("toonerville", 21, 6): (
        12,
        (
            "0694cg12edh3kaf5ij78b",
            "g8kf7j4hai9021bdce536",
            "i1dje0f6b973a5ghc4k82",
            "hb2a54efd3180jg69kc7i",
            "3big47d628eac1h9f0jk5",
            "jf32c0gad9bke86ih4175",
        ),
    ),
    ("toonerville", 21, 7): (
        1,
        (
            "a74h13852kd06ifbgej9c",
            "29b06317gaj5dei4kfc8h",
            "decf305i7a69g2k1h4b8j",
            "g5kj80493dh7bic162afe",
            "i91d85f64ak3b0ghec2j7",
            "j36hik7f95e1bdg428ca0",
            "c4gkb01fj9h5d6e7832ia",
        ),
    ),
    ("toonerville", 21, 8): (
        0,
        (
            "5620g7c3id8b914fjhkea",
            "i7f8e6d9kg1b45hj3ca02",
            "jhda1cg9e56bi432780kf",
            "cbk34f90j5a8g6e7h21id",
            "b28jec061fa39d547hkgi",
            "175k9648ajcgifbh230de",
            "40ih9318e5fcdgb7a62jk",
            "dg63f2a9ib7j0k54e18ch",
        ),
    ),
    ("toonerville", 22, 6): (
        1,
        (
            "ljbk2f93d6g0i15c8a4h7e",
            "ibe8h3gcfld4ja709k1526",
            "j2dh1b6aek345798igl0fc",
            "ckad041h5jfe69i7gb23l8",
            "ki20bc74lah58gf1ed936j",
            "c2el6k8hj9g450b3afi1d7",
        ),
    ),
    ("toonerville", 22, 7): (
        8,
        (
            "8e462had0bkc957jlif1g3",
            "5fh3dl180iejk2g97c6ab4",
            "b8fg2j36chia417lke590d",
            "783cidb50g16eaf9lkhj24",
            "9lb652c1h40fa8kjd3ei7g",
            "fkd7cleg3i941bjha56280",
            "d45g72ebk1i6l0a398hfcj",
        ),
    ),
}
