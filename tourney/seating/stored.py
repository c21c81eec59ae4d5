"""Whole nights found offline, for the rooms where the search cannot reach the bound.

``scripts/find_seatings.py`` writes :data:`NIGHTS`; nothing else edits it. A night is
its repeat meetings over the counting bound (what the night claims, checked by the
tests) and one string per round: each player (a point 0..N-1, one character of
:data:`ALPHABET`) in table order, the tables of ``table_sizes`` for N one after the
other (largest first). Every stored night shares out the odd table fairly after every
round, so any first rounds of it are a fair night too (tests/tourney/test_stored_seatings.py
checks that, the table sizes, and the repeats). The planner relabels the points with a
seeded shuffle of the players present, so two nights of the same size differ.

Imports ``core`` only.
"""

from __future__ import annotations

from itertools import combinations

from tourney.seating.core import table_sizes

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

GAMES = {
    "toonerville": {"sizes": {"min_size": 3, "max_size": 5, "preferred": 4}, "rounds": 11},
    "shanghai": {"sizes": {"min_size": 4, "max_size": 6, "preferred": 5}, "rounds": 7},
}
"""The rooms stored nights are for: table sizes and the night's length."""

NIGHTS: dict[tuple[str, int], tuple[int, tuple[str, ...]]] = {
    ("shanghai", 26): (
        10,
        (
            "ma6lj7fc58o39n21d0igh4epkb",
            "ebdo1f6l4i2ank50mjh98pgc73",
            "k902chegnombi75j68pd13lfa4",
            "4ni3p8afgj26mc0bel15hk79od",
            "6b594gjcldn2e807mf1ikapho3",
            "dp25m3aeic976hnfgl8bkoj104",
            "c187gaf9lp0ibon2h4dm5kej63",
        ),
    ),
    ("shanghai", 27): (
        14,
        (
            "j91pmn84odi3qlak7cbgef025h6",
            "5alfkh02c6q7je4p893bin1omgd",
            "d1b57eq8j3hgcl0no9i6pa24kmf",
            "fl0igp92bekondj6a378m54qc1h",
            "86fcam9n7g541j2ikboqhp03del",
            "6aoe13mbj04lng28k9qdfhpc75i",
            "2c3pkdmqenihj75of8l91064bag",
        ),
    ),
    ("shanghai", 28): (
        30,
        (
            "hnd25l13fp9kib67q4emajorg0c8",
            "dpc9o6ngjfr2ke80q1aml7ihb453",
            "c3giemaljh06r57bf8o4pk1d29qn",
            "qj8h3bl2k017inopr9g4e6daf5cm",
            "d3nrmcqo6li85aph9f0e41g2jbk7",
            "g87dlmpb6259ej1k4nac30hoirqf",
            "fa237r1hcb5oqgkij0d4nepl69m8",
        ),
    ),
    ("shanghai", 29): (
        16,
        (
            "rieo580j94pbchmqn67fk23s1adlg",
            "qb3oasn8hlr6g1jp4fki7d92e50cm",
            "m3nr98f5db47ihgk06olacesjp2q1",
            "gomfs70arplib91hq2j534c6d8kne",
            "mk7bjlfcr215na4dqs0i8gep396ho",
            "h0f1eqkg9cml375ndjpoi86a2r4bs",
            "8o7c1e4mql5p96s2ngb0radhkif3j",
        ),
    ),
    ("shanghai", 30): (
        27,
        (
            "6a0pf14okj73m2sinqcbl98h5dgrte",
            "hejqa08or7tl6sn1fi2g9k3pb5dc4m",
            "qkft2g9mnhsdpo8r13acj56eb4l7i0",
            "ljpg75rksioac9tf4ne30dhb26mq18",
            "mblrfc6kg73j8idoa52npht4q0se19",
            "dnalk530gq964r2b8t71imoepfhjcs",
            "fq79dagb4sh6io3nrp15mtkj0e2cl8",
        ),
    ),
    ("shanghai", 31): (
        38,
        (
            "peb1fg24n7m8kqrth0356cidujo9las",
            "ahmtc54q0peg862isdr9f1l7kj3uonb",
            "6s7nuq2edk5m3j9gcophr814abt0fil",
            "24ilr31tndhm0g7okaubf5s8pj9c6qe",
            "d0k89o5nlcg2jhfqru4m1a67pis3ebt",
            "6o4jftq3gadminpk12c0sb95r7e8luh",
            "anr0jet9pu215iqo6mbdl4sgkh378cf",
        ),
    ),
    ("shanghai", 32): (
        48,
        (
            "a9i627rc3vtfmqlbp8houekds50gjn14",
            "g5pleh1j0mosqd893r2at47icvkfnbu6",
            "bcdt8n4kumoqg2p0f9asevh351i7lr6j",
            "8v6405r9gb1kjitupan3olqc2hsmde7f",
            "dfjahqns7u3p8m52rc461ekt0l9vbgoi",
            "kj23ebflis48caug0hv9mnr6pdo7t51q",
            "rie0nqd12vul4b7h3f9oc58pjkas6gmt",
        ),
    ),
    ("shanghai", 33): (
        14,
        (
            "k5iuj83mql69nh40sed2ro71fwbgcpavt",
            "gftj0w9polunbrmq67cakv84e3di1s2h5",
            "bvh7dce1upr236t5sfw8m9gian0lkqo4j",
            "wa04rbpiq2lv1sjho3kgd5nctu798efm6",
            "ud68g4soct7p0m5baj3ek9w12nfqvlirh",
            "uhq105g4lba8o2nw7tief9vc3prjdms6k",
            "0v6oigs7pnflkda9qe5rcmhwj23u481tb",
        ),
    ),
    ("shanghai", 34): (
        0,
        (
            "0djpv17kqw39flx4agms5bhnt6ciou28er",
            "1beox2cfps3dgqt47hru58ilv69jmw0akn",
            "0chmx1dins27jot38kpu49eqv5afrw6bgl",
            "08gow2aiqx3bjrs4cklt5demu67fnv19hp",
            "07els18fmt29gnu3ahov4bipw6dkrx5cjq",
            "0bfqu1cgrv2dhlw48jnx59kos6aept37im",
            "09irt1ajlu2bkmv3cenw57gpx68hqs4dfo",
        ),
    ),
    ("shanghai", 36): (
        0,
        (
            "f7hijk0123456g89aucdezmnopqrstbvwxyl",
            "06abmw5fuqv1ghnr2zisx8cjoy3dpt749ekl",
            "unsy396liot5ahz4fmrxeb28dkqw17cv0jpg",
            "5lr2cpanx87mujt4f1ob9gwi3eq0zykv6hsd",
            "vz18temscgk5bxj3wh2ouf0nld76ry4qaip9",
            "qgxod4hbype5wntk0ri8uf6c3zla1sjvm729",
            "lgb7zuwrjd950soe61xpkfa2ytqmh83vnic4",
        ),
    ),
    ("shanghai", 37): (
        34,
        (
            "w5q4glkxey6jrob2u9ma3vnAih1scfd0t7z8p",
            "sA1t9oa0pbrhynjdw37kq5fmeilc824x6zuvg",
            "vi7d2fmn83zcbAlkr1w6o0tauy5jx9h4gqpse",
            "umhkwszl0y921qxdaicp56A8vjbn7o4etrg3f",
            "p34Audecrv157sa6lk90gn8foyhbzxwi2qtjm",
            "nfqt6bgoa8ji4yvrszhedl7w9uc23p1k0Ax5m",
            "1bmgy7nlvoxpuq30iAwea296r8djszf54chkt",
        ),
    ),
    ("shanghai", 38): (
        5,
        (
            "18hdcrmvjAq2onfBl54607sb3ietzkywu9xpag",
            "l7ym81vqixujBsc0pwfz3rgodha5e9n4Atkb62",
            "n3eup4w8skxhtvBobiAyr06aclg9q27djfz5m1",
            "aq7wtzx23ygru41j58bpf9kABms6ndlhi0voce",
            "A5c2wi97n1uvfbl6gtjypokmhdex04rqsz38Ba",
            "3cftmg8vn02iaj4z6uh7dkyq5rBwbeoxs9lA1p",
            "to0u5y1safq86eAnlrkx49bczv72dpmgiB3hwj",
        ),
    ),
    ("shanghai", 39): (
        0,
        (
            "0ajtA1bkuz28lrC39msB4dfpw5egqv6chny7iox",
            "1clqx2eknw3djov49itC58huB6bgrA7afsz0mpy",
            "0dgux1efty2cisv4akqB5bjpC68moz79lnA3hrw",
            "0eirB1dhsC3cfuA4bmnx5aloy69kpv78jqw2gtz",
            "09hqz18ipA2bfoB3agnC5cmtw6ejsx7dkry4luv",
            "08fnv19gow2ahpx3biqy4cjrz6dltB7emuC5ksA",
            "0blsw1amrv29juy38ktx4ehoA5dinz7cgpB6fqC",
        ),
    ),
    ("toonerville", 30): (
        15,
        (
            "dglip9chot237nfjm5b148ares0qk6",
            "3drabj9setq1mckif568hg70onpl42",
            "2h1a40dqfibekns36plmor7c59tg8j",
            "mren82bspiq50k9ag74tjol6c31hdf",
            "n026g5fcqje9t4psk1odhl38aimr7b",
            "k78qc54nogaed6bp1lr9f0s3i2jthm",
            "6he48m0ofrp2bantdk5js1i7qlc3g9",
            "o49ik2gpbc0lamqfhjtre357d6s8n1",
            "i98n2dce16gb4jm3sqohktlf50r7ap",
            "a5sldc8t0jp1qghni36rm7294bkfeo",
            "sgmr9f41dln76cajo52h8pke3bqt0i",
        ),
    ),
    ("toonerville", 32): (
        0,
        (
            "a8i5ogb6p3ju7cedlfks4r90hmqn1tv2",
            "uholta07d918sgpmc4vin6f3e52rjkbq",
            "f41gm3idk20oblrthejaqu5796vs8cpn",
            "v7k3jfctabn460qi2sdupel1r8hg5om9",
            "iopt47hseq9fguva0mcl382b1j65dknr",
            "mvjru0n1cgk57f8oq42pla6dsebit9h3",
            "khi16p7r8vlqn5st3e0g9bucfm2aojd4",
            "0sj8gdqtap9k2c6hrfuivoen5l43b71m",
            "lng2m6k8qc3oij97pb0vh5fd1arse4ut",
            "ue6892il4tkmd05bcao1jg7nfphvsqr3",
            "oscrkumen9gi31qabf0ht84672jlvdp5",
        ),
    ),
    ("toonerville", 33): (
        17,
        (
            "57wd9egosaljb4t263vcqmprunk1fhi08",
            "gtf6rawhpe9i32170dcqjmlskv4uobn58",
            "b2isvfo9patne6qu851j4kg37lrdhw0mc",
            "p4hn35cfsjiwgad7uko8219m60qrblevt",
            "kjeu0nwlshqf5bm493do62a8g1cti7pvr",
            "1oalqcshu4we8j7gn6kpbfmidv0t92r53",
            "cm8n2fvrj5hek06asglu9iq741tdp3owb",
            "wh1v6lf425but0nq9cgperikajm3osd78",
            "bf7me65va3u1sqtwkpil8gd409jh2rcno",
            "a94ckv5mght7odeb2l0f31r8winu6sqpj",
            "5oip0kvndsr94t38jaemqwuf26cl7hg1b",
        ),
    ),
    ("toonerville", 34): (
        22,
        (
            "6910w8iqbj2dsrgcx34vmn5outlaepkf7h",
            "j4ireh8ng1aud07plsoq3cwfv95kbm62xt",
            "wxnbf6pavjle217o3kqghrd90stmiuc458",
            "f5eogb4p3d68k2urhti0q7jxclm9anv1ws",
            "w5u7iexmkdl4ahbsvq26rftn1p8c39j0og",
            "9buockn7fivg8ja023set46wh5x1dlmqpr",
            "6iksundqptvc3b1l5f20rxo8m74aew9hjg",
            "etbqwvoph2c4798sfjumlg6n5ar3x0k1di",
            "b7evfxds3h6ulr0wktj1m2g8pni95cq4ao",
            "deacmkhwsp5jxt9g0n3o7l2i14qfrb6vu8",
            "vm1ra9qig5dw6ojce40uplhxkf8bn2st73",
        ),
    ),
    ("toonerville", 35): (
        16,
        (
            "bdcxeoijn3ltfy26ukwmva4g98ph05r17sq",
            "6ju4tvsdxomyh5nkr93il281gq0bc7pawef",
            "2bsap6mekcvqoftuy0wjd7ig8r4n3h1x59l",
            "1df4ivlwse80bk6r72ohjx9qupg3ct5yanm",
            "5siug8ykmt1qe23cnpjd4oblxw7rf9a0v6h",
            "92mdwhbt5xge076lys34kja1qinfrvop8cu",
            "hlfjo9ks3v0ma85qbeu72gnwtx4p6i1cdry",
            "4wc9eratsxn6u0dhj5v273fkimb8lpyq1og",
            "keldm547qur2g9t6c0noyhaipsw1fv8x3bj",
            "635ax2kihslcwdoqrmfg8j7tvuybn1e90p4",
            "91y7pb5fdi06axul4ehqmcnvjrsgo8w32tk",
        ),
    ),
    ("toonerville", 36): (
        16,
        (
            "2t483oaypuhdvqkein7w0b5xgjc9fs6zmr1l",
            "jflvxzn4b23suimct5p6r7qohwy1dgaek098",
            "y0d7wuofa8hi459sej3mz1btpvrg6kx2lqnc",
            "o4pev0tacdxfikzr9y2q763lsmw8nhbg5j1u",
            "8zjyqfi516ogmtdn3xwvapsch4lk02urbe97",
            "6h0el8boryn5u3qz2ipjf74gx9makwtcds1v",
            "nvo24a1qz7mptfeywr69ch35jbkdsl0ig8ux",
            "itg39zhvqd680j4wylxpeuns7c12okm5braf",
            "z0ocajn6lt9u5v87hfm2pbwqkgys3d4r1eix",
            "dl52xqh7f0pkuy64wazgn1938rcevibmstjo",
            "13p82lze6v4crsxt9oidy5wb7uakjhnfmqg0",
        ),
    ),
    ("toonerville", 37): (
        29,
        (
            "2xtlrg964kjyo03un5Apeqmsidv8c1wzabfh7",
            "u6egk9xn1lfAct4hzopdw0yi52mbv783qsjar",
            "5m8jzd201ebx3shAklnw6gaiv4ot7ycq9rupf",
            "qhsd02ifoAjxu15b4gcrwm6ant3p8yez79lvk",
            "w9Ai3qxo8t0af26csrbymnzpk5lghv1u7jed4",
            "cpba7qn25ydulvAozwe0m4rk8h36xgs1ft9ij",
            "4fnyvlaeok70x9hmprqA165dtwsb83g2jczui",
            "1omc3blqjzr907ndgp4ixtvse6y8Afw5ku2ah",
            "hi81lpysx6zfq972wo0gbA4daecjntukm3v5r",
            "06jpvu4qw5caxzsl3ikdbnhorm72Af89egy1t",
            "sou95ak3y0c4lbAtnpeq1r6i7hjvwfdmx2gz8",
        ),
    ),
    ("toonerville", 38): (
        9,
        (
            "gshtB5uAmr23iakdzvf4bpel9w81n0qojx67yc",
            "hvm1pu73A8sydxfca9lo0brigqwje65ztkn2B4",
            "j7t2u0w6bc3v8oxe4s51AhkqdnlgyraBi9fmpz",
            "tqi4l83zabnw5k7rj9pcvxA2sBmfd6hy0geu1o",
            "h2i8a4c0ue9twz7dmjn56f1pg3xBykovbqsArl",
            "desj7iomyp2q10AnBlt6bfk8zugcrx493hawv5",
            "6gvirehw9bymaAfjl1qc035txunko2zsp4d78B",
            "tfywzBnh4A7eksp0co26bu5q319dam8gilxrvj",
            "8vptsrnc7xh025lwm6k4Bdobfq3eyiju9gA1az",
            "e1k2iwpAl0jmvq9B4y3nsa76rgofzxtb8duc5h",
            "4hjo1g7b5xaprq86dtAmsuvly0z9eBcinf2w3k",
        ),
    ),
    ("toonerville", 39): (
        0,
        (
            "0eamqirwy7szvhb4o51uBgk83An6j29cpCdtflx",
            "04s86uf2cwlpj1zqAiexd5gymC3rokh9Ba7vntb",
            "0qlyrxoav2knBep6Cu49bi5c8tmfAg17dswj3zh",
            "06kcf9Asjag3d4nrtxq7zuivC5ewbl2Bmhp1y8o",
            "0oiBbkuypr8A1wfa379djevthx6sn5lzc4mqC2g",
            "1k4x3uwB8Cjh6ltgcsanzrbeq2A5y9imdfvo07p",
            "0t9zhleuni7jqsCkya2pb6d14wog8x53BrcfmAv",
            "0Cxbp59v3oct4aAl82wzdqBhe7fkmugnj6yrs1i",
            "0rgvo7ClBs5mbq3fpxujchyAti42zkad81ne96w",
            "0f5jAwtkdli8z6moh7r2n9xBv1cCpgsbye34uqa",
            "0123456789abfghijklmnopqrstuvwxyzABCcde",
        ),
    ),
    ("toonerville", 41): (
        10,
        (
            "eihAbnsjxD1cEkg5z8w379pv0yo6f2uCmltadrB4q",
            "pk63tiyuE4dschlfj2wDq1zbB0AxrCo9a7mgnev85",
            "zwyxafu1tvndbi8k29srgoecqBjp7ClE30h64mD5A",
            "jD4gv5b2tq3uaknE07ysh9mBcfAzp6xiC8do1wrle",
            "Bsou5jAkdepDCti07l84zx31h96nqryv2fwmEabgc",
            "rnf8C1g6eohzEkbyq5l9xsmviBdD30ja2pwct7A4u",
            "9E2d7ynlpbm68w41kria50sDzchvueBxfCqjtoA3g",
            "m0ql1cACyB6vEzurds23e9bf4hn5w7Dakgx8tpjoi",
            "350fca6de19jysEtAgiwBublDmrhk2o4n7Czvxp8q",
            "ety4mDh89rE3bC0dgj6uwspfaA2lBizcn157qvkxo",
            "Av1anwCsbg2ph5xE408Byeu9kqfid7cl63zjmotDr",
        ),
    ),
    ("toonerville", 42): (
        1,
        (
            "tyz3bla0FpoAfv1idu4mErhn76cC5ws8DeBgq2xjk9",
            "Atjw1B0pmg2cCle5dnqvyf9uark74zbxhos36iD8FE",
            "25Ahj08Dnamwit7d9zCFoubkqfpr3vE6xlg1ce4Bsy",
            "cfzB0wexAa9Dyq6k831C2svurF5dijgo4tlEp7nbhm",
            "B4qa9lwvgFhy2rjzAE8xckDni3pb6stmo17edCf50u",
            "9hx76jF4fE0smkCAiBund2lDbq8gvzpecoy53wr1at",
            "20n6rs1cypa8Edek3mFxih4C75fjuDwq9bBtzolAgv",
            "Cjbv498nq5iEorxDdwBhu16Akzsgfa3etF0c7y2lmp",
            "Cnyxirl891E2sjdaovmB5kp4theu6gfwbF7D3Ac0zq",
            "bcwEhjq1tpCgx5vanlFf23Bk9m0izu78eAryd6o4sD",
            "03gdmEDy15nb6azhxcpjwFikB7Alqse924ofrCu8tv",
        ),
    ),
    ("toonerville", 45): (
        2,
        (
            "1m7CbjIxAiHysrfqoaBpe2DEntG5zvc0wgFul46kh39d8",
            "ie8ntwpqI9fg5G2hC04AB61Hju3rmkolcavszbFEyDd7x",
            "A32FcBbt9fzmhEqjgeCd6ospxGwi1ar4IHv7nDyl8k05u",
            "94xyqp7uhgD6btErAjfFG3ekw10zoB2via8HCdIln5scm",
            "fs0l6mA9airgC2yjtkznqbHI5dwFoecE7hDv3B1ux4p8G",
            "DzwuH07yr9sejCcItvGE624bopmgnihaqA1dfxkF835lB",
            "vjr5pHgxc3fiIlAw7Ezd81aFtD4Csqu629GnoyBkme0hb",
            "oIBEhHGqmnA5Cdsut3yp1bxrwvel4g208aDfczF96ik7j",
            "dgakGjCz3Api6xmEln1c4swh8buvf0tDqI927o5yerFHB",
            "1lrh9kHft8qbcpEC06wBn4d5i7sG3DmFIvyAgxe2zjuoa",
            "nx0a3qF75chjdgBz4I8v1ywfCksbAeDGrl2pHiE9uotm6",
        ),
    ),
}


def decode(night: tuple[str, ...]) -> list[list[int]]:
    """The rounds of a stored night, each the points in table order."""
    return [[ALPHABET.index(c) for c in row] for row in night]


def night_for(n: int, rounds: int, min_size: int, max_size: int, preferred: int) -> list | None:
    """The first ``rounds`` rounds of the stored night for ``n`` players, as tables of points.

    None when there is none for this room, or when its first rounds alone (a
    shorter night) repeat more meetings than the counting bound allows: the
    stored nights are the best found for the whole night, and the search does
    at least as well on a shorter one.
    """
    sizes = {"min_size": min_size, "max_size": max_size, "preferred": preferred}
    for game, rules in GAMES.items():
        if rules["sizes"] == sizes and rounds <= rules["rounds"] and (game, n) in NIGHTS:
            break
    else:
        return None
    split = table_sizes(n, **sizes)
    night = []
    for flat in decode(NIGHTS[game, n][1])[:rounds]:
        tables, at = [], 0
        for size in split:
            tables.append(flat[at : at + size])
            at += size
        night.append(tables)
    if rounds < rules["rounds"] and excess(n, night) > 0:
        return None
    return night


def excess(n: int, night: list[list[list[int]]]) -> int:
    """Repeat meetings over the counting bound: the pairs left unmet beyond those that must be."""
    met = {pair for tables in night for table in tables for pair in combinations(sorted(table), 2)}
    seated = sum(len(t) * (len(t) - 1) // 2 for tables in night for t in tables)
    return n * (n - 1) // 2 - len(met) - max(0, n * (n - 1) // 2 - seated)
