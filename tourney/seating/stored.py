"""Whole nights found offline, for the rooms where the search cannot reach the bound.

``scripts/find_seatings.py`` writes :data:`NIGHTS`; nothing else edits it. A night is
its repeat meetings over the counting bound (what the night claims, checked by the
tests) and one string per round: each player (a point 0..N-1, one character of
:data:`ALPHABET`) in table order, the tables of ``table_sizes`` for N one after the
other (largest first). Every stored night shares out the odd table fairly by its end
(spread at most 1) and within the engine's rule before it (``fair._MIDWAY``, 1 too); its
first rounds serve a shorter night only when they too end fair and at the bound
(tests/tourney/test_stored_seatings.py checks that, the table sizes, and the repeats). The
planner relabels the points with a seeded shuffle of the players present, so two nights of
the same size differ.

Imports ``core``, ``fair`` and ``stored_short`` only.
"""

from __future__ import annotations

from itertools import combinations

from tourney.seating.core import table_sizes
from tourney.seating.fair import odd_flags
from tourney.seating.stored_short import SHORT

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

GAMES = {
    "toonerville": {"sizes": {"min_size": 3, "max_size": 5, "preferred": 4}, "rounds": 11},
    "shanghai": {"sizes": {"min_size": 4, "max_size": 6, "preferred": 5}, "rounds": 7},
}
"""The rooms stored nights are for: table sizes and the night's length."""

NIGHTS: dict[tuple[str, int], tuple[int, tuple[str, ...]]] = {
    ("shanghai", 10): (
        0,
        (
            "0678314259",
            "4982675013",
            "9217086534",
            "3908462715",
            "2579304681",
            "1387452960",
            "7954083612",
        ),
    ),
    ("shanghai", 12): (
        0,
        (
            "49058173ab62",
            "682934b07a15",
            "ba4820751639",
            "9b10a7465328",
            "3a5941b20876",
            "6145897b230a",
            "18a0b3657942",
        ),
    ),
    ("shanghai", 14): (
        0,
        (
            "0123456789abcd",
            "1269a45bcd0378",
            "278bd039ac1456",
            "467cd138ab0259",
            "2368c045ad179b",
            "1257c0489b36ad",
            "067ab1359d248c",
        ),
    ),
    ("shanghai", 15): (
        0,
        (
            "97ea542bd0318c6",
            "d4896ac721be350",
            "e234c5da06178b9",
            "6e1ba07438cd925",
            "82a453d1e970cb6",
            "debc8275369410a",
            "4d715ab3c9e0268",
        ),
    ),
    ("shanghai", 18): (
        0,
        (
            "f89adh60g5723cbe41",
            "715cb4e32hd8g09f6a",
            "9gd4c8671ebha205f3",
            "2gfa1397b068c4e5hd",
            "2b60da85439hc1g7fe",
            "5e2g9f8hbca04731d6",
            "d74hf0ca1eg36b5289",
        ),
    ),
    ("shanghai", 19): (
        0,
        (
            "i125c687d9hfbe04g3a",
            "gi6he9053c74da18f2b",
            "c19abf734e5h82gdi06",
            "7cfdg2ha0436bi81e95",
            "edb326f945a810gh7ic",
            "c2ae64i9dh0f138b75g",
            "g02798ecb4id5af3h16",
        ),
    ),
    ("shanghai", 20): (
        0,
        (
            "3a56ge79f04jc1idhb28",
            "8570j13iedba29cg4f6h",
            "ci59hj6bfe0gda127483",
            "6a0i2f15h79d43jecgb8",
            "5eb147896d3c02fhjagi",
            "id5f8bjh30162g9ae4c7",
            "2he5j81fa940dc6g7ib3",
        ),
    ),
    ("shanghai", 22): (
        1,
        (
            "1l9die35c2a786hj4fgkb0",
            "0b2fj6igkh48a3l975dce1",
            "03l4ef8bda5h9gj216kic7",
            "5906k1ljc87g42adfb3eih",
            "a31kej9ifhc25b4gl0d687",
            "b9dcj4a6i7ge583f12hl0k",
            "dgk3l6b17fh42e9c8j5i0a",
        ),
    ),
    ("shanghai", 23): (
        6,
        (
            "g4cmhe637902fklbj1ai8d5",
            "k659jh38b1afigd4c0e27ml",
            "0ci7jd1428l5mae9hf6kb3g",
            "32c9a6kmi15bf74e8g0dljh",
            "e2gdj8b6lc510hf94ki7am3",
            "9b0mdakh7834ilj2g56fce1",
            "k3cd579gl12eibhmf8j6a04",
        ),
    ),
    ("shanghai", 24): (
        0,
        (
            "b324g6c7ajhl9enm8fdik051",
            "na3d19kgcm7bfh0jei52l648",
            "flg1j2m6n0ika4h89573cdbe",
            "1bi96dk27lg8e0a4cn5f3mjh",
            "5hd6g0cli3kj8bne1m47a9f2",
            "h8c21mlba56e3fkjd0947ign",
            "ni0659j2ehbmfg3cad4kl871",
        ),
    ),
    ("shanghai", 25): (
        0,
        (
            "18iof9m4ndk02ecj5hl7a3b6g",
            "h9fcab87d04jog2en3i5mk6l1",
            "2am85fjn067c413gdihko9ebl",
            "8j93klai40ef7gmn12bh6oc5d",
            "a7nko5190gd2fl3ibmjche864",
            "1deajk4b5fcl8ng0mo3h927i6",
            "305kbj8m7l421e9fo6dgnicha",
        ),
    ),
    ("shanghai", 26): (
        10,
        (
            "9f3k0c7naljh1id86pmgbe524o",
            "m8paiendco6f9l2h5kjb1g7304",
            "n5ohgj4ilkmp23c1fb0ad796e8",
            "41dl76knfop8mj02h3bea5gci9",
            "i7b2o9n3m5dalecj60pkh84f1g",
            "k526gai10encfm7hlb3o84j9dp",
            "cbh48nij36fp70l5g2kedom19a",
        ),
    ),
    ("shanghai", 27): (
        20,
        (
            "md3cp1hj65g8oelbkaq2n4f90i7",
            "0kqbaf27e4oigmdn8ch915p63jl",
            "649n1bl52mkia37c8ephfg0djoq",
            "0lho8n93adej7qbm51f6c2pikg4",
            "on5apf7g9clq6hm0e2dbji3k148",
            "8iqp1e3h0gb2m6o9a4ldf5jnk7c",
            "04fcmjqhk67d5nie3p2b891aogl",
        ),
    ),
    ("shanghai", 28): (
        30,
        (
            "4gj2qf91obneima7hrd53c0p68lk",
            "06qhne8cj513rkipblm42ao9fd7g",
            "md6co1l2g0fa83qk7pe945nijrhb",
            "d6ip23jno7grlac48fhk1bqe9m50",
            "olkq5jgpmf8dnr9b70ia1c462e3h",
            "439ld6efj01pa5hnkcb2q7rmgoi8",
            "4oer0m12786b53gqch9inflpakdj",
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
        26,
        (
            "6a0pf14hkj73m2sinqcbl98o5dgrte",
            "7eh8a0qorjtl6sn1fi2g9k3pb5dc4m",
            "qd5spg9mnhtk2f8r13acjo6eb4l7i0",
            "lopg75skrijac9tf4ne32dhb06mq18",
            "mblrfc6kg73o8idja52npht4q0se19",
            "dnalk830gq964r2b5t71imjepfhocs",
            "tok0magb4sh6i53fd97jrn18pe2clq",
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
    ("shanghai", 35): (
        0,
        (
            "jwtdif71nmyeoulh8xap9vr2kc63q05b4sg",
            "v1csa3u4h28rqi7w59ymlxg0tbofpd6ejnk",
            "om26xkw80b1g93d74cetsypqnu5jarivlfh",
            "0rf4yp9jlc2antb3oksid56h7gv8meqwu1x",
            "kgpu7toqv5ms0jhrb61lewfa3nxi49cd2y8",
            "xersdbiucm5n8l3a90o7h1ytkfgqj24pwv6",
            "j14o8l72swyai6gx5kfcv0nduprmt39bqeh",
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
        35,
        (
            "lie2oA03uj6vkyfd7wnzbqs1c84hmr5tpax9g",
            "cta4fbk89nzh16ls0wjer7qpmi3vxdo2gyA5u",
            "q5pdrs17xmgwuokjcvey8a3nfl9h4Ab6z0ti2",
            "e31b5kyo90r4an2678wtpudAmzjhxclqvisfg",
            "wdaihu7zcplvmsb29o16tykqgj43nAr8fxe50",
            "nxtysj8qmf629deciw5vl4aAkp0go73h1urbz",
            "0dglb8tAq97vemun4zsao51jpfhrikx6wyc23",
        ),
    ),
    ("shanghai", 38): (
        4,
        (
            "mr92b1utoyh7Ajvql6csnB0x8a3pzi5e4kdgwf",
            "90zAdwrh6un134vlBab5i7eqfjkgxtcypmos28",
            "pn7bga1xc2Asmku3o0we58j6dlhy4frqztiBv9",
            "rdvkotehim9qx5yp42wjf8bc3z1gBsu0l7a6nA",
            "wzck7pAvtls5nfr06y2iug8a9qo4Bmbej1x3hd",
            "ry37B2eznlh5cgo4tsbd1k9p6jmf0a8wqAivux",
            "71lm8zfxo6ysvwa0kbqhuedBprAg4i532tnjc9",
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
    ("shanghai", 40): (
        0,
        (
            "09qfb3sjag7h4BtwCzekul2i5n61Avrdy8opxDmc",
            "Bc2oa1zp5qjefvD8ls94m06wrhykugb7AxCdin3t",
            "e7u81ktxa0Ci6o9Awdj2gpn4f5bmB3Dhqsrvyzcl",
            "ytj6pqcu3wsnbe2z0gi78kADBaClfr4xvo591dhm",
            "dgDC5lj01BciAfhtuvrbxy39e642kqnm8zaopw7s",
            "f2ym7h56aeuD0noixj8qpbkdl1scCtwvBg934rzA",
            "xwlnhko1f3reipB29zDtmCu4j7vaqd0A5ysbg86c",
        ),
    ),
    ("shanghai", 41): (
        7,
        (
            "rbfcq3xvACl7E4wpygk9z0asi2do8euth615mDnjB",
            "1DzoEAfsm96qv5dphkwBxar8y4lu2nbCg30ecj7ti",
            "05w89jy7oBbn1df4Cp2hrzsEquaxcg63mivAkeltD",
            "4uk6iCmgq78Bza5bf2Dwve1x9ryhsAcE3djlnto0p",
            "hna7evE5igrqkj124o3sx0lwzmcB9Cd6Dpby8Atuf",
            "xtd2ymv6B0repzfi75DCsu3a1w9loqhknE8cj4gAb",
            "1gsBlpqnyiwdkrA7ofjCa83z62c5me4vbt9Exuh0D",
        ),
    ),
    ("shanghai", 42): (
        14,
        (
            "kml26jdeqFx98obDtn7ywBg1sEvazr3p4cufCh5iA0",
            "EcwApDyz8vf0hag6dj3ixoCkne5qr4blBsF2u1m79t",
            "o3547s1ibaCBjArfdD0g29qu8mElycFten6pvwxzkh",
            "mhF7pbnugxtryqsAa3C0E6of2ieBc9kvd8wl5D1j4z",
            "jeE9hyBq6f5DtCdzsulvi7x0macpkg48owr1F2bAn3",
            "0dk31utwa4v2qhBnoA8x67bcgejyrCDmzFi5Efpsl9",
            "8cisrnCAgloztj0qpEak7f5xy1296uwb3FhDvemd4B",
        ),
    ),
    ("shanghai", 43): (
        0,
        (
            "bGB7CrwaDu1kct86ys52qmz0gFnlfAxj3di9voh4peE",
            "oE68fdags19cqiDh32GeBz4jlyCArxvt5pnwbk07umF",
            "r7p80wfzGv45Ao3kBeDsFjy9gbhutdm2iE1qC6lcxna",
            "BAqpuCFodkief7axlsv0n1yb46m9w3hEcrzG85gDtj2",
            "bmv8e157lh6ukx4tqrGFjcwopDnEg39a2C0szAifdBy",
            "lueyc8F4wsmaotBphigCq72vd9EAGkDx5zb130fjrn6",
            "GouniEsbjq3a8yzAh0D64Cfmcde5r9xgt7wB1Fv2plk",
        ),
    ),
    ("shanghai", 44): (
        0,
        (
            "f6jnc7zmiAG3x8BCy24odsa1bwqeklEF5HtrDgvh9up0",
            "sG0h5txna9bg6iCzdejD47w3pufHrB2vcq1o8FAlyEmk",
            "Fpdcgkf4Asawromlyh7niBq0tvbj3EeCH9G5uxz2D816",
            "0zwbfqDHayhcCAxptvos6E7rGndku8j2FBm3l9i1g5e4",
            "m51npd7Ctf8j49rxwiFDcey30BlsgEGakvzuhq6oHb2A",
            "263kt1zBh47uevFC5ajl9gfmqrypbxws8HcA0DEnoGdi",
            "pGqAjld0r2tz8gybhkF94vniHEu1Cwf35oDsxe6maB7c",
        ),
    ),
    ("shanghai", 45): (
        0,
        (
            "CBmE4bswif2pHayI69D7djGuvlFx8hr0cgtqk1A3z5oen",
            "yIdnhgCjl1s8mqveH0kwo3Dcb7Gz4p625FEBituxAr9fa",
            "DBvlHGAF0bip5I1t6zqyu9eC8Edfckjoaxm3wrh4ng2s7",
            "f7FtjplEroc2qex5s3dBwgIav14y80Hb6uh9GknmzADCi",
            "xAIEH0D5jqFnr1u2CowGmptdbvz9hca3i78eBygf4l6sk",
            "kpuDgIcCFs8fH5Gy39jEh07oBreim6A2tv4lbqand1wzx",
            "icylGD8d2rBazFkgm5AhCt3nHq7wEus90xp6v1fobIe4j",
        ),
    ),
    ("shanghai", 46): (
        1,
        (
            "yiza6pks5qfEv3I0ebj82Fo4ldCrGnt1Jhg9BHu7xAwcmD",
            "bCBqgD8v9ztrJiAly0d5274j3fo6IwxhsaHF1emGEukpnc",
            "jvhmdk1D4Iapq2wtnoz35EFfixA6GB9r7ycbgsul8JeC0H",
            "38xGJcBwleyCuIfm42kgAhz7EqFrvp5b1siotHd6D09naj",
            "2Hf1nlbFu63BtEJoGp0h4m9sxydqAa8c5Igjw7viCrkzDe",
            "As7ItexjzCloGvDubdfp9n6J4mawgr3kH8Eyi52hBFc0q1",
            "5w94uEm7o2aqIGiHDFjJyxngvef6rh8cBdzskl0btpC31A",
        ),
    ),
    ("shanghai", 47): (
        2,
        (
            "4rvmGb7tIw6HAoyk8BcqzJDe3pi12jnKsgCd9ulEfaFxh50",
            "ui25JdB9hneoIlFbDcHfsyvA0wE3486jtgmzarCkKxqG1p7",
            "yCzEjFkfq0gDIvBK38nb75r1oJtH94xiuspmhA6e2lGwacd",
            "p8ltKcxsa3A1HdjBD2k7EmbhyqwoIz54FgeurG9J06Cvnfi",
            "mAHCq5I29apyljg7i30coubsBtk1Fvd6EhJK4eGx8fnrDzw",
            "ioFGKsl41kwuJ7aDCez0HbIrjcAfB65p2h8vgdxmyn3t9qE",
            "bgEc6xf73dhr5DtyGvolqaCB420iI81muAKz9pHkFnjwJse",
        ),
    ),
    ("shanghai", 48): (
        0,
        (
            "flrcCbHzp0h3viI92AEo8nGyw65quFJLBs7Kemat4x1gjDdk",
            "36Aktolwgu7jCbmzvLryDx05ia48JInfdHe2sh1Fq9BKEGcp",
            "Ga9rxf3z2jL4EDKIpCnF1vl7qysitd58kmocbBg6whJHeAu0",
            "g8fDqdJAvciG1ebxw6L20nhBmp9347uEyjaFlHKktoCzs5Ir",
            "rdK1oHLgGtB42Cuk0IcqJE5bfAjx8h9FzeDvapswlym36i7n",
            "Ces3gmdpxqnJ91t7rHuDj04o6zkiwEIlBGAhKc5y82vbafFL",
            "Ljipl2kJerg7had31B5wcsHm9bA4qnE8F0tD6GvCoxyfKzuI",
        ),
    ),
    ("shanghai", 49): (
        0,
        (
            "prvI4axF0yCmGMuq379cBn8igeldjDk6H1f2oAz5JstbLEwKh",
            "H7iutnCE6eoL0BpMIxkJbAdwm9fg5r42Da3jG8sKlqhzFyv1c",
            "1owx9d4fFBGIAylu30nvDKJ65zMas7hHjCpimLE2gkebcrt8q",
            "0mHeKarnGoLM1qD7BCk2cpuAfxgEjt3z6yb84Jwl5vsdhFi9I",
            "bxDGh9z8uLtcaICK1irdmq5jkveABJflE0s2nMpywg3FH674o",
            "E1p83AgK4Cs9DHyIbquBeMiohkGtd0jFcr2Lvwa6n75xlJfmz",
            "M9Ktldx8c6CFbvo4G5HEz0wIjyf7LeqaJipBh3mru12gsDAkn",
        ),
    ),
    ("shanghai", 50): (
        0,
        (
            "vCk1cjqpDmI8KLwls2xAMy0gin9Nau3zbt5Geh7HfrFdoBJ64E",
            "Fq5yuzMl9rom76kN4Gbw8tHaJcfBeIgCnLApsdK0Ei1Dxh3vj2",
            "tMBN2xH5wpy8hrcae6zFuEGgv043nkJifsq1lj7LmdC9IAoDKb",
            "Kmha5kIlJDqHAB0dbg12wFstjCNyfE4vxe9Gn8zoi37rp6LMcu",
            "e8dAk5Nvs7pJGy1lituCL3qoxHc9KjMmEFnra2I4bh60fDBzgw",
            "snBbryeLtDcqwEd98561h4AupFNJx02KzC73lfmgjkGaiIoHvM",
            "JMKe3fjxzuBk9LFNIqghvt6dno5c2i8pblE7aywA14sHm0CrDG",
        ),
    ),
    ("shanghai", 51): (
        0,
        (
            "C2qKkNnhFgBp3e45wA8dvGjaLf7DcyliMosuJxIOmtzH0Erb619",
            "uvx0bBH1OCwltGNof9hIqcn48MKEeriLdD3Jg6pyAkmsFj2z5a7",
            "j1AMezB2m9cyKH3IOF674huDwt8xsaq5GgEkbiNLnd0oCfvJlpr",
            "sdGH4heCulIFEb82a9Kp015icJNfz6DALOBtqrmMy37vgjxwnko",
            "95FyLwobpzquOgKdDemvGC87hrIsn120kil34jNEBcxAfH6tJaM",
            "rOo3aci6vH2EsDCpKjhlxtdFeqmu5ANz9JnGg810LMIB7wf4kyb",
            "n7ftpmkaB1dHM9glLIoEvjD8O5FCixz24r0AwKbcsJNeyhG6q3u",
        ),
    ),
    ("shanghai", 52): (
        0,
        (
            "wmLC2PD4eunHgBKcfoM9JIb76Ot3GkirEj8qAz0Nldhxpsy5va1F",
            "tFK93Niojxz7dB6uqvM0cCgslweHhL8fGpOEmPnA5I4J2r1kbDay",
            "r805yOahg6MEoH3bvJBPsDKm1xulLtniG7dFIpNfjCzecA2k9q4w",
            "fkdAsvJqlcGb604xL1ePON52tjDu8giIMmHFB73awpEnzy9rKoCh",
            "IBpvl4CyHg17ndcm3aPjG956kKzDAOoL2FiEsNwbx8tu0hJeqMrf",
            "wKdjMOnpok285mh7lGetBCqDg0FbzPf4acsuNA9Hrxi6JyvL3E1I",
            "trImazAB10ibs348C7EDNvcFkhjpPHqKe95dLOJxng6GofwlM2yu",
        ),
    ),
    ("shanghai", 54): (
        0,
        (
            "kA9wb0tFQydGPBo6Cq8a5HuILRps1l37i2NgvhMfKEmzxjOrJceD4n",
            "7MyPKwr3v5iCcL9Ngd0Hsz4aOohFnxtGDlmEB1e8pAqjuIfQb2JkR6",
            "cd5pfDHo8MusJtEhakGenrgPI2K0wCvRzjLyxlbNm7FO1A6iB4q93Q",
            "CDIyOQEL6hxg8pw43tjdbumMa1NokrHiFeJGs7vA9KBRfz0n5qPc2l",
            "fjE7n8R5tPFsbLdaioIpl9h0436HGKgDczkOx2BqreQAMNvCmJwyu1",
            "i1qtg6lfrFEP9OH08bjGMsCn3BcavyLpeKNozwQJR2Dhuk7x45dAIm",
            "elz3IJdyqh7RQagvH142u9rGxjPFkC5DibEpO60MKcAtomnBwLsN8f",
        ),
    ),
    ("shanghai", 55): (
        0,
        (
            "LKwtulfgcxBSNIR9b86rd2PpEQ0CAajm7seO1qh5y3FiGnzkDJMvH4o",
            "0527GESjJqgMLra4KycQwxB8Htl9kID1fN6siCvuhbRpnAomFdzeP3O",
            "3Et6nkLQs8oGPJbapDw9m5rKCvzFc2idgB4e0fqRSA7uONlhjH1MxIy",
            "xdjDQuG6Hq81z4mcRtPAM3sh9naoley0wEN2kSCg5pIiLfr7JvbBFKO",
            "qAlyrI2bj4dNMeuhizx0Ft1Jgp8OfC6BavPQo5E9HR7KkGcnswL3mDS",
            "CIJ3HKsl1PODt04B5AnM9eSciwvdqkEubxm76gyprzQGNoL2fhRja8F",
            "Pwj5gcOELH1nSQv0Fs6IJha4utrex2DRyoCAkNibl7d38zqMKpm9fGB",
        ),
    ),
    ("shanghai", 56): (
        0,
        (
            "pDFJf1g6OAoSaI54lLkmTNvsxCq3t20M7RyiPE8d9zGweurbhQnjBcKH",
            "39L6uBmecxEHg8f01ns5RadqjoKSizhwDtv4TFAMQONrplJGy2k7ICbP",
            "ncoMvG2O7815KN9DQSygBfestlkHCduILqhFRPamrETJ6wxA3ib4p0jz",
            "CTahy8A5mfuvEHpi0O9IcGSqb6Lxg2zsr7KoDjnl3e4M1PBwNFktRQdJ",
            "q5HQeOoDRCE8txKF6dh7mgaknpuJMN0lGBAI9S1vTiwj2rbL4csyP3fz",
            "dAswS0Htb9mjTORfMBC2p3QEK4F6lz5hgvJP7GLDaxIouyNni8ec1kqr",
            "Egtj7NpRucSJl9qirAy4HzB1bdm8IQvwfLCnPT50oOGs3FkxhMDKea62",
        ),
    ),
    ("shanghai", 57): (
        0,
        (
            "ci5KC3z8NSrkjeDovgxbtREGAFH6mdlasB4nU1JTQMwq2IOyh9Pp07uLf",
            "DUw7mg4dxjPMuF6OzkT90sRQyKI52H1rhaceLi8tvnNofE3CJAqSlpbBG",
            "v6QLGse10yElS29iDtowJzag4AfmROMNFU3bPxKBuHqpc8dIk5jnrhT7C",
            "ftIFhBApT2nR3asjuOSycgH8omPb0rDQ7M5lqJeik6UNCGx94EzvKdLw1",
            "okRqu4aOHbJ9pvfm5nMKrFLEgC2863yxPcNBTQwhlS1AsDtd7IeGjU0zi",
            "TEdO5tuAIlNiGng0o6qDfHSavPK2QFmcspxrJMUyLkBj789z1hR3we4Cb",
            "mn9exqF7p1oaErRwictuGMgdkQ3h8UOKbTjS60CHIvlP2fs4LDJNyB5Az",
        ),
    ),
    ("shanghai", 58): (
        0,
        (
            "Cb2DG8voxAn7yRqwMQtITSBeLVf9OEUN1kjdi53rPhcu4H0JKpaFlm6gsz",
            "56aPJuE3RHkwlO24KnvmjD0FMLispIxByghSAbVzNdtCqfQ8T1rUeoc97G",
            "3kATgMq29KBnjIJGoshwyUHa8ledf6OzNru1Cc0R7x4FSD5pEmtPVLivbQ",
            "4GBf5hVJr70yd9TpPUlgsOxmQzMRvk23tcFHDiNwoC6jLenabuK8ESIAq1",
            "niS0UAKfRFbh6mNJLzGxVc5wyQpq3agevIE9tou18sl7DTjr2PdBOMC4kH",
            "FQg59Edx1at7BA0v6VH2NMep4k8LnrqcUsbSyOIGmoPzilhCK3RDJTwjfu",
            "Bm3V8I94lbUzFTEuAJyCjdsSvaOitRfMoHg6rcDQLKw71PGqkepnh25xN0",
        ),
    ),
    ("shanghai", 59): (
        0,
        (
            "jWcCOFrv7IKifdoTzA580HplRUqE4mJPaBk1uG2sDybn3tMQwV6Sg9NLehx",
            "2Br94OniSkRFEwuWpGVmyUt5Kb7LoA3lCNThgaMcI1jJHz0ev6dqx8PfQDs",
            "va3SpoeIyqgbt814KOxHQzRcLN0DUrn5fjGi6JFClE7VBsdwWhMuA9km2TP",
            "Ved52LOMl6rHwoSEIbspuJh04BQmxna9FWUqgD7zPft3ck8GKCTyiR1ANvj",
            "9iGxDwUp7CckVy6SLt20FqAQ183eJOfvBhRoPlsn5WgI4jEdaTHumNbKrMz",
            "Jclq2miAsaGvUdH1Knh9WPyMNxT0wbEkLr5IVfu8pztFj764Q3eDRSCOgBo",
            "tIONGvL9qT3B5FsDMp8oUVnRJQPure07mydCHhEzlWSAK2xjgk6faw1b4ic",
        ),
    ),
    ("shanghai", 60): (
        0,
        (
            "EoNGaLy2Txb5JghBISMRnc0ukFw7t9si4QK1DOUeCHWjAPXlv8rmqdpz63Vf",
            "uxVwlgAGM6KozIP4UEf02W5ervLbnjp1Fh3JcqHBNkDRiaS9dyTCQ7X8sOmt",
            "kgvTqtCBaudJXiFlKL5GHnPxNm4ID39rboUMf81w027ApjVsecRyO6hWEzSQ",
            "VOJ4nUvIAdGTRHpxbXEB71lWowg0sL6mekSQy5qthMCrz32N9KDF8jucaPfi",
            "e0izGXwra6E83LJFvWRsfjItTbd241n9lDQAxhKkBmPVg5pOcCS7qNUyHuMo",
            "aKVb72QB8UgSHfF4elyNOrG3votXhcz5jRxCdsEDLpM9kIwqnWiumTAP0J61",
            "rQNjJ1A9VXWdcGxRC2nosT6B5ue7LfqD0KMkwPb3mUFyzvpiSt84aHhlOIEg",
        ),
    ),
    ("toonerville", 12): (
        0,
        (
            "84b5190236a7",
            "29574a30b186",
            "931408567a2b",
            "5a81320b6974",
            "a6421780b359",
            "8a09457b2613",
            "961b783a0524",
            "5063ab418792",
            "125a38946b07",
            "47109a65b823",
            "248675130ba9",
        ),
    ),
    ("toonerville", 13): (
        0,
        (
            "063b574829ac1",
            "74c91b25a8036",
            "28a0b967c5341",
            "4a3c2819b0765",
            "975183bc0a426",
            "64c8b70921a35",
            "6a170b34928c5",
            "956324108acb7",
            "b123758c6a409",
            "409c5b6218a37",
            "3a86945b7c102",
        ),
    ),
    ("toonerville", 14): (
        0,
        (
            "15328c407bad69",
            "d6970a5b1c3428",
            "d4a17b3608529c",
            "98417c2530a6db",
            "a3b8c9d0216745",
            "12783c6495bd0a",
            "b20da95638c714",
            "b8924d35061c7a",
            "701586ac32db49",
            "3079bc1d6584a2",
            "6024a1935bcd87",
        ),
    ),
    ("toonerville", 15): (
        0,
        (
            "3491a0d5ec72b86",
            "2b7a8e51d406c39",
            "e38d6c24109b5a7",
            "926a71b3d85c04e",
            "897043acb56e21d",
            "3beda1607482c95",
            "8abc947d125e603",
            "5b940283d61cea7",
            "3576ae9db2c0418",
            "9e68c10754a32db",
            "7b46d2930ce51a8",
        ),
    ),
    ("toonerville", 16): (
        0,
        (
            "168d05f9ebca3427",
            "52e4a380df76c9b1",
            "7afc2b469318e5d0",
            "3ed5ba8f4170692c",
            "f21084dca6e95b37",
            "da471be60283cf59",
            "6c582d3a7f1e94b0",
            "82974a51bd0cfe36",
            "39dbc067ef48a125",
            "0ec257b8d91a643f",
            "a05613c42bfd9e87",
        ),
    ),
    ("toonerville", 17): (
        0,
        (
            "34fba0dgc96e81752",
            "570d963fc2gab41e8",
            "gec28fa7d9301b564",
            "61gfd9ebc5024a387",
            "1c49ad80b365gef72",
            "57238g04fea96b1dc",
            "076eb9d325cga84f1",
            "de43gc761805afb92",
            "1a60243c7b98g5edf",
            "8c9f5426dgb71e30a",
            "e5b13f02c9g74da86",
        ),
    ),
    ("toonerville", 18): (
        0,
        (
            "h7g1ac0fe3b582d469",
            "d4eb98657ah2g0c1f3",
            "f9g8c3426d10bha57e",
            "058b36fdag41e7c2h9",
            "hdc41ea297fbg30856",
            "7026c935e8hgdb14af",
            "f8ae3gd7b1906ch524",
            "049h2e63a5dc871gbf",
            "cb2815fh4g76d0e9a3",
            "f0e479dah8136bc5g2",
            "bg6aec192f5d84730h",
        ),
    ),
    ("toonerville", 19): (
        0,
        (
            "6ib497hg2dfe51c3a80",
            "1a4dc2bfg506he78i93",
            "bh0c48957i123aged6f",
            "f3640ia29dgc81hbe57",
            "5igdbe83170f26a9ch4",
            "749fa5ce63hid028g1b",
            "ba7di1g84e60h3cf952",
            "5b7230hdf8gae961c4i",
            "862caib9d4h5073g1fe",
            "2g43h15afb09iedc687",
            "85fi40eb3d917ca6gh2",
        ),
    ),
    ("toonerville", 20): (
        0,
        (
            "hgid5bfj1760c34a92e8",
            "a956d72gicb8ej1f4h30",
            "gch10ea8f53279ib6d4j",
            "e7a436gbjc908h5d21if",
            "02jgief4168db937c5ah",
            "h4197j8c5i0gd3af62be",
            "ge574db19f8aj20h3c6i",
            "fb08e96h23i1c475ajdg",
            "1jia8452bceg039dh6f7",
            "dfc2jhe3i70a64g8591b",
            "713894fg5ji62abhcde0",
        ),
    ),
    ("toonerville", 21): (
        0,
        (
            "0ck1h2b9a7edj6g84f35i",
            "ebf839a7k4ghi05d12cj6",
            "95j2i30d6kbe8gfa1hc47",
            "a76dg94k5fe2h8i13bcj0",
            "4j1b6fdh985c7g23ke0ai",
            "05ha8f2g6jdi9b1k7c43e",
            "k4d2e0gib96c8j3ha571f",
            "g937ci2d845bakjf016he",
            "cakfi03728d41e5gj96hb",
            "d3hb5jgk8a1c26ie79f40",
            "ge01956kia4j327h8cbfd",
        ),
    ),
    ("toonerville", 22): (
        0,
        (
            "3b1c4e8ikflh57a02g96dj",
            "43jki6b289f0d7cgl15hae",
            "dki02j5ha71gl69ef38c4b",
            "d18hgbfe4lc2j39a6i7k05",
            "59i34g061e8cbhfal7k2jd",
            "gkj932017h46le5d8abfic",
            "8lbj5f62kcdah73i491ge0",
            "90c61dlb458k2e7fhg3iaj",
            "856g1fijb9k72ad4l0he3c",
            "c07jh8igl6a321ekd9f5b4",
            "9c5hjb0ed4f3glia16k827",
        ),
    ),
    ("toonerville", 23): (
        0,
        (
            "57lje0m6g34ih9afk1bdc82",
            "kche2bg7dfl60138amji954",
            "m9l3fjc085ib42ad1hk76ge",
            "78dm362hc905jefgl4kib1a",
            "i26cg0l81f4ma79be5hdjk3",
            "4b6853ead9i7mc1j2gk0hlf",
            "lcagi12e9mk6f3b58h4j0d7",
            "152f7403gdjhka8cbl9e6mi",
            "a0ide8fk5l16j94237gmcbh",
            "4c7edg91if83m5ah06jb2lk",
            "h1i0f7a6be2mldc3g5k49j8",
        ),
    ),
    ("toonerville", 24): (
        0,
        (
            "k2jid49a85c7ef03n6hmbgl1",
            "h8l3ie5n12dj7gc9fkba6m40",
            "4fnkmac8ghb50ild2e96j317",
            "c2hd5ebflmj4361a807k9ign",
            "68gfk94hn201blcij5m3a7de",
            "imbkga50ej84d679f1hc23nl",
            "76lh1em95fa24i3c8bdn0kgj",
            "kd51c6jf3genm7b2hi90l48a",
            "eh28dgk39jl5anc0b416i7mf",
            "1045nbj76i2af839gmdhlkce",
            "mlfd8i1e0b932g475k6cjahn",
        ),
    ),
    ("toonerville", 25): (
        0,
        (
            "27l6in1a08chm94o3edjb5fkg",
            "a89b4dceg317kmflno50i6h2j",
            "15n3ef96agjilc2h478kmbdo0",
            "kd0ghicbn97o2j18fl5a34m6e",
            "mjcfo0258han4eik96g1b3dl7",
            "54lmd19iha7fec630ngo82bkj",
            "i6kca8nbloj5hg714f0e2d3m9",
            "e821oj3ga70mb9f65hidnlc4k",
            "bgf3hc5e7k24nmaoi01l96j8d",
            "n7j094dfiohel16bca5k832mg",
            "2ad1m5bh7je04gcl9i3f8kn6o",
        ),
    ),
    ("toonerville", 26): (
        0,
        (
            "ho50d2kf7mpg3bceji968l4n1a",
            "7n4k3fep8mdlab02h15igc9oj6",
            "lnjkd1c07869ap4igb5ohe23mf",
            "9el1kh6gn48cja23moifd5p0b7",
            "n5mc83o1h7laf9p0degj642kib",
            "2nop3b4gk8a5hflc16m0i7d9ej",
            "49odheam2ig8cj176plbfn0k53",
            "14f205ajdi739kmbn6egph8olc",
            "jkpchbnd9l25oe7i3460m18gaf",
            "j8fb39hnkpo1a6cdgil04e5m27",
            "2icnjmh41dbg675fk8e0o9a3lp",
        ),
    ),
    ("toonerville", 27): (
        0,
        (
            "32hjgb1m06p4e5i8ndaofl7c9qk",
            "ml867aip13n9hb0f24gqjkd5oce",
            "c3d45f9galbqj7mok1pe80n26hi",
            "q6o147hkdgp80c9aijnbem3fl25",
            "gahepjl91ic2fkn637q8b45omd0",
            "9m4i8bcka653h1dlopf2q0jeng7",
            "cjg6idqfln4e2kma7150oh98bp3",
            "k03oe1g26a87nqchdpm95bli4jf",
            "b6edmc5q04ni97k23logphfj18a",
            "gkl0f82bqe96hmn5j14a7d3icop",
            "e7b9ikgo843jac1f2l6d5npqmh0",
        ),
    ),
    ("toonerville", 28): (
        0,
        (
            "b6eh1q0d4oilnpfj278cag5r3mk9",
            "od9nl3f70ab2g14kq6m58eijhprc",
            "j03hcima7o16d8lrfge9pb4qk2n5",
            "i7kbrg21adj45epo3qcnmhlf6809",
            "942hnla60if5gj7q1p8mb3orekdc",
            "dmbfoc0gjr6khn1i2qelp9a74853",
            "ea3175hd8gbnlp0kf4c6mj2oqi9r",
            "r28fipg6cj9laoqhkmebn704513d",
            "3giobj5c0rnmpl7e24fq691dhka8",
            "1cqjdi2p9h7boafk8n634r0egml5",
            "enial1fbqo8km47rj590cgdh623p",
        ),
    ),
    ("toonerville", 29): (
        0,
        (
            "ics7obqhfl9j8mdk5e2rp6an043g1",
            "dajpb87e103o2hgkifls45rmnq9c6",
            "hel56ks3jf8cgap74i9br10qdmon2",
            "rgqm01b7khc93j8e4s5f2lnpidoa6",
            "k2894alr3ncg7dief0pohbs5qjm61",
            "n3p1f2ghd6r8s5o79kc0laqjim4eb",
            "brck6m1jhn7q2aef0gspli49o58d3",
            "7j2g0sahkon8bdc46e3lq51irpm9f",
            "ami385jcpoekg19s0d2lbf76qhr4n",
            "l41qocsmefknjag95b80hr37di2p6",
            "n9esd04i5b36gjorfa12cmh7l8kqp",
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
        15,
        (
            "j2sgwah4lpvditn9qk610835formeb7uc",
            "3d9uop8mb0v7hagsk2ef1ltiqjn5rc46w",
            "1rtcahn83k94p5glewuim20dqjvf7os6b",
            "fkbnlwtd5je3cgmh147sp86qur02io9av",
            "67ie8rbdhk2o5nu4g3w1vptj0lsc9afmq",
            "504mvpgl3fdc627h9bjau1ts8oenikrwq",
            "hpq5c643rwo7lk1dj8a20ufeti9gbvsnm",
            "7mtk34d1lo0cgw89rhifjqvbe6p2n5usa",
            "wfn90ehdsopu18cvklj6mb4t2i3qa7r5g",
            "u2lrv4ckiqn17g8mds0b3pweaj596ohft",
            "84oqjnad7hkuw51biv6gtfpsr9l0e23mc",
        ),
    ),
    ("toonerville", 34): (
        20,
        (
            "m3cr9dlosx4wa0qtigjvb5n68u127hfkpe",
            "d4akelfu91wr0ih5vo3pnm8jsc7g6txb2q",
            "pdgxtfoe03w2nqk176ljuhravsb9i4c58m",
            "ug5tlh6vp42098cfq7e3rjkxbmoi1dsnaw",
            "e64rxc1bupniqowh78tdfs5k2mav93j0gl",
            "k2i73mshw8pbnxalcqjd61f0eg95vrtou4",
            "m1pl0hncgkw65rd2b4tjfix39usqao7ev8",
            "demwk0vui83r1hoj79n4lts2fabgp6cxq5",
            "j5apnfvdhx2e7rb084qlwutciso6km9g31",
            "ej0sv51489a6tk3nqprf2gocmux7hbdlwi",
            "x08o3d6ui1ea75vwqg4mclkb9hpt2fjrns",
        ),
    ),
    ("toonerville", 35): (
        0,
        (
            "x0lqy6ju5dgh9cet247bfkmn8prv3aow1is",
            "x1bry7kv6ehiadfu358cglno9qsw40pm2jt",
            "x2csy8lw7fij0egv469dhbopartm51qn3ku",
            "x3dty9bm8gjk1fhw57aeicpq0sun62ro4lv",
            "x4euyacn9hkl2gim680fjdqr1tvo73sp5bw",
            "x5fvy0doailb3hjn791gkers2uwp84tq6cm",
            "x6gwy1ep0jbc4iko8a2hlfst3vmq95ur7dn",
            "x7hmy2fq1kcd5jlp903ibgtu4wnra6vs8eo",
            "x8iny3gr2lde6kbqa14jchuv5mos07wt9fp",
            "x9joy4hs3bef7lcr025kdivw6npt18muagq",
            "xakpy5it4cfg8bds136lejwm7oqu29nv0hr",
        ),
    ),
    ("toonerville", 36): (
        0,
        (
            "x0lqy6juz1is5dgh9cet247bfkmn8prv3aow",
            "x1bry7kvz2jt6ehiadfu358cglno9qsw40pm",
            "x2csy8lwz3ku7fij0egv469dhbopartm51qn",
            "x3dty9bmz4lv8gjk1fhw57aeicpq0sun62ro",
            "x4euyacnz5bw9hkl2gim680fjdqr1tvo73sp",
            "x5fvy0doz6cmailb3hjn791gkers2uwp84tq",
            "x6gwy1epz7dn0jbc4iko8a2hlfst3vmq95ur",
            "x7hmy2fqz8eo1kcd5jlp903ibgtu4wnra6vs",
            "x8iny3grz9fp2lde6kbqa14jchuv5mos07wt",
            "x9joy4hszagq3bef7lcr025kdivw6npt18mu",
            "xakpy5itz0hr4cfg8bds136lejwm7oqu29nv",
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
        6,
        (
            "aA9uzrg8kb04iqmBn1c7oetf5sp3h62lxyvdwj",
            "fAcgqdu8x67e0m9y3ljziws1bphaovr5tk2n4B",
            "5lqn8a36thdvre4jsBkgA10x2uywmbcoi79zfp",
            "vq47mfxwBayts9zhi8And3klj5b2rp6c1go0eu",
            "pjt1vmgl870hieadf34yc9kwz2no5xuBqrsA6b",
            "fBd0oju7ypgnl84xrAtwikz6q912sbve5acmh3",
            "AoB351h4bt9ngi2x6fsukpeq7rdyvawzl0cj8m",
            "3g9evpi0qbzy1B8cxjsn7fa2t46mrhkuwloAd5",
            "hqjfBv2A6wn0lye1cxdz3rbim5k7o9p8a4sgtu",
            "tqc342dp1uzm0gjaoiyh7Asl8ew5kfvn69Brbx",
            "kAyjtz05oxaqBpw74cuil9rf28smg6bd3v1nhe",
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
    ("toonerville", 40): (
        0,
        (
            "6d3xkumw0y9CADbv2nB5zac8pftrliqjh47esg1o",
            "mDaCxriznf16ws0p4v8y72oAgjBh3ektd9cqubl5",
            "edzfD9opCk4jyi5ht2ms8w6lcxu7bB0r13vaqnAg",
            "jn30aA4x2DcgBkplfCw7ivdt51zqohm6ryus98be",
            "lDsxk69zAe0uhc3fvrm5p2q4yajogtC8dbnw7i1B",
            "6yegn7tD41l90akiu2f8s5dj3qCrzvwomBcAxhpb",
            "8doB1ybmc5C69s3AwtjxDif42lz0epnaquvhrg7k",
            "tAyzagudfoq0jcpv73mlk1x8h9nrB6s4bCi25Dwe",
            "p538yqDkA1hwdm04Cnxoz7bjiscevlfguB9t62ra",
            "qtb69a75oui3xfBye21j0Dh8gpmz4wrclCdAskvn",
            "50gxckob8sq7tlhanzu4BvCe1dDrmf9j3yw2ipA6",
        ),
    ),
    ("toonerville", 41): (
        9,
        (
            "eihAbnsjxD1cEkg5z8w379pv0yo6f2uCmltadrB4q",
            "pk63tiyuE4dschlfj2wDq1Bzb0Axr9Coa7mgnev85",
            "zwyxafu1tnvdbi8k29srgoecqB7pjClE30h64mD5A",
            "jD4gv5b2tq3uaknE07ysh9mBcfAzp6xiC8do1wrle",
            "Bsou5jAkdepDCti07l84zx31h96nqryv2fwmEabgc",
            "rnf8C1g6eohzEkbyqwpct95xlBdD30ja2vmsi7u4A",
            "9E2d7ynlpa5irw41k86bm0sDzchvueBxfCqjtoA3g",
            "m0ql1cACyBtvEz6rds23e9bf4hn5w7Dakgx8upjoi",
            "350fca6Ee19jyxpdqgiwBublDmrhk2o4n7Czvs8At",
            "ety4mDh89rE3bC0dgj6uwspfaA2lBizcn751qvkxo",
            "Av1anwCsbdqfi5xE408Byeu9k2phg7cl63zjmotDr",
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
    ("toonerville", 43): (
        0,
        (
            "rG8f5d0te2n1csx6AjEhpmybwCoga7uk4FDBiv3lzq9",
            "szlBmi6fkApCdeoEGayv8xF3n9Dcq402br7hugj51wt",
            "gkrevA5bou14908sEqtc2wlDyhiFC67GxzafBn3mjdp",
            "7z5inyCxsE2m4dvk0BfhFAeG3wa9lpqot8Durc1j6bg",
            "k6l1zG4g5ywBastpqj8vDromcbdFhu23e70xfCE9Ain",
            "ue9yCtr3j6aDw4AxGlndpf25ohsvic0g8z1bmFqkB7E",
            "hDzk10mGdiw8vfteFCsjxElgcuABbqan6o359p74y2r",
            "t46ygB8plrA9qGhw27cvsk5n3zjemxduEia10bDCfoF",
            "iuqCzocyphx1A826ewsbrdaB7FltD5GE9mgv4nfjk30",
            "b4E3C1Bvn8o7j0ylh96dDipewkfcaF2g5xqrtAmzusG",
            "gnths4rifbuldz2C7mjwoA0aF195B6eqG3cp8ykExvD",
        ),
    ),
    ("toonerville", 44): (
        0,
        (
            "o3b1ijkn6rGh2gEw0m4lzuyF57tcxsHfepqCADva9Bd8",
            "d6H5lz73p2onshAef8aGkxDqEviCucr9mFbgty4B10wj",
            "bzBjnF1v4ac6grltyH39eudfGkA5C0x28qEs7pmwhioD",
            "1hC70i5sF8D2BmnxqoGua9ljvzwrHtpb6geyAEd43fck",
            "jyEfrC8md03qiGF49ebvcogAk6plD51Bwaxt2us7zHnh",
            "tne8p0AyovflxEb6qjFcmHDuG2B3hw9k7dgi5zCas1r4",
            "3samjd2rBipc4eDzE5n9fb0hlxFAgGH1utCk8w6oy7vq",
            "n6u0kgzsCo94Fw5fryxiHc2vDEt3bA87hlqBa1pdeGjm",
            "2hay74fnzGpEvdkm6FC35rqbil8Hcxe1tsojwuBA0Dg9",
            "fBgCmcEhqH4wAnr31k8yGv0t9spFuiabl52ej6D7doxz",
            "xG79sBv6FdthElu13ewi42kbgaqnCjHA8zc0omy5pDfr",
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
    ("toonerville", 47): (
        0,
        (
            "4d62CHatEDjgK359uv8AzBhFcJywnqpxGrbemklsI170ofi",
            "jcBr7sgukH84fIGny02FxdlD1ztmie5v9JpAaEK6h3owbCq",
            "3zya5HhnFmJGAj4igoIx6wurdkC78fc9lE1Bqt0vDb2Ksep",
            "n9C6ckoa2ltfe13gm5jqvb7pGx4zEsiyrFHDwKAIJhudB80",
            "KdGv5ws8ChEc4bnapygrH6emtuFofqJ3IB920kDizA7lxj1",
            "uCDI9tbxipwF1sqc30mdkKzfh82rgvlnyGAHo6B7jaeJE45",
            "Ax0hF1fda5G76ilJDy4vsjC2bBgwqkErtnc38zIeHKpomu9",
            "ekBy2uqGIbHE5gfCrKix386D419hdtpjlw0anoAmJsvz7Fc",
            "j78nk3bAu4elc2zH0fpEvoC1B5DJxsF6Khymwdq9GgitarI",
            "fvrmC4FKyq8ohGjlidbc90HgeE7xpB3ut6I5DsaA1k2Jznw",
            "FkIj8miaHsBf0Kunr3lCqeDhb51y2vwxoE9zJt746pGcgdA",
        ),
    ),
    ("toonerville", 48): (
        0,
        (
            "LAxfD6Hvbzos1529CFBuhpnKq4mkey0IE7wGd8lJiatrgc3j",
            "JEF08bu5cfIasCgkvip4zl9y7dL6rwjn3tHKxm1eAG2qBDoh",
            "qizda72sLBvEtJfeDAr8Gu3InFk9KolmjbCyH4hg6cw105px",
            "BH8azxKcFAibyw3hkvt2lsr0CqL1I4J5m6fp9eGjEnDdog7u",
            "5evgpIbt86qsjaokhLm94DyufGH01nz7rCKE2cFli3xJwABd",
            "JpCAv97cgElbni5mofy201h8tw4zxqjDukedsKBGHILr3F6a",
            "bD9fIiwCeHA7ayEqK064Fz5Lp2judhscmgt8l31vGoJnkBxr",
            "usJH6bxnjIKFfr3dBeilCGmvcyLtAa904oE175hqz8pk2Dwg",
            "rbGh5toAyki69pgBJzmaw0uLl4j7D1sFxId2E8e3HCcnqKfv",
            "axlugGFdhez21rJyoqHpnAvIk5fwt96CsjEmbBc4LiK80D73",
            "3Lb2vhjJFxow8C7fmurciEH9Btq0dK5yp1GaAg6zIDlkesn4",
        ),
    ),
    ("toonerville", 49): (
        0,
        (
            "GhCBtAIs5l3gx1fH7jaze0vrymo4unpw69KL2icFEbMkJq8Dd",
            "7mM3IrbLh2oGj8gksylEKcpxtDaHnB5deu1wvfqJ9C4FAzi06",
            "6K5jHaC0MFtuLo3E9pAfgkzrwx21qIih8J7yBebmGvlDsdnc4",
            "LJ4psjrIfbnlih6a15qEkMduGKvm83yCDtA0eHzc2gwB97Fox",
            "DgurcwKxefLCv27tblFd6smiaqp3j0Bk1EhHJ4IyGAM8on59z",
            "kvoenCd2pmqzBFfM59bsyuKh0ixGDc7aL6tgIHwAl1J3r84jE",
            "l2f08zoDIGkKp7uCqtmwE541bdLH3JgFjyhnAxav9esc6riBM",
            "ayqFwB3b8vtJ5pDe1g4hzL6AmIlcCMxHsodKrEnGf2kiuj907",
            "bxdzE0GgHm1jC3v4i9t8rhp57f6ykFI2ewLDMKcqAJloasBnu",
            "Ad91i5LyouIxJ8GwcHmprqvM6tszfa2EBDjkh4el7nF30CKbg",
            "zupy8624DieHC1sFKofbwxAjBcMh9Gl5rkat3v7gEInqLd0mJ",
        ),
    ),
    ("toonerville", 51): (
        0,
        (
            "J5z387HhganwkCBKAcbtrFlNIOfeoxDvpu19sLmqEj0dGy6M24i",
            "OdtucpGzfb9ML8wonq4FaBDhCxEHN5mi3l26evjKyArJ0Ik17gs",
            "x1jaB8FsmpylqN76Jc2fbzOk4go5v0MudGr9in3AKHIthCLeDEw",
            "lndcMIxLzauK9JkmHbr0p3qofiy764E8wCF15esDGvO2gNBAtjh",
            "2bLKoickjwM58peNFzIh79lv14ADydBqEf3g0Gamst6COnJHurx",
            "NftDCM4p3d81AjzsBHi9I6rwhu25xmbFaOlokeygL0J7cvEqnKG",
            "bn6he9qaKoFJD3kMdNzC5Gx7H1cgpI2svt8yiOLEmwuArjf4l0B",
            "3vCrwb7pzDHyFei0unsfjN2k4mdItg9L6xBJMca8EKl5GoAhqO1",
            "JEhpLrcD74kuya2C0tq5xAelgOMF1iK6NvnIfGwBosdbH3mj9z8",
            "AKMqdJew8rO5Bbv4nLjyI7a3sEkG2DF9h1lfuoNHipxtzg06cmC",
            "O6DmqfxzF7cjkltwaNbEKpgrCn95vJ1seGH4Mihd02A83BLuoyI",
        ),
    ),
    ("toonerville", 52): (
        0,
        (
            "hg5DNPt6bx1OuHkKJMimjLoElpA79y0nBq3eIsvzwF2rCd8a4Gcf",
            "ENkGa1gnmldhD9iC24HopIBJL0Pb3rKf8v7McjO6xt5yesuwAqFz",
            "KeAoOH3E5jbkqpu8PycavmD1zJfwdB79gLxisr4N02G6MhFInltC",
            "f9MqowhpJ4OekPglFD7trE0ACcxvG3ab1udIy2ijBmnL65HsNKz8",
            "HAibIDfLtoqdwNM1lyGsjg3v9OpKEe8540hz7ncua6rJ2PCBmFxk",
            "cNDqp145b8lrAGgBLwOdzE9au3PmvJyHx27fsjCFnkIoieh6MtK0",
            "8FHg3xINPso7Dwk0hryBqnO2tEpi6lz14MLaKcd5ebv9fjmAGCJu",
            "2aKDlMcEdk4iBbtzLvp6HhCfyeF17NjJ5w3n0qsxomG8gur9OIPA",
            "tgefisKnzuLyEdv2GO7hk6BMJPq5Dl43Fbpc1roCaAwxj08INH9m",
            "9GI5CLNerOtmczgow8iP71H0v4nAb2uMqajhpfkysBED3dF6xlKJ",
            "fsdbMy3o8Bx4iq1GnJFEu6DAIaHtmc0eg2NpPvKhOkzCl9jw57rL",
        ),
    ),
    ("toonerville", 53): (
        0,
        (
            "Mdkscoxlwi8Qrq7LAyNatBuPj91HIEvF3mK2gbe5CO6hfnG0p4DJz",
            "rw41K6AvcuCgdpjFf5Oo72nzNsJQeHBibkLyGtI08DmEPlqa3xM9h",
            "vph2tGs3HjrJkdN64LixFCEBIan978Plz1mucA5gfeOK0wMyQqbDo",
            "FenAmPd0Q2Gl63kxBfbIvK8puc45htjqwgyDH7rszNo1iJCO9ELaM",
            "0yxbuIkn5sfPaQL94OdploetrmjNvH78F61CqMD3KhwEGzigcBJ2A",
            "iIPO3bJcLj2EQnfBokKzAwFa0eqdHDGCr4tlu1hg79syv8M6m5pxN",
            "f9NqEA0MicP7wgQOty25rx4Hjv81DuJ6IpomklsKLaeGBCzhFd3bn",
            "7DlBQPye6rA39G1fMKijhLoIzsbpwNkC0Jdvat5mHOxc8E4ngF2qu",
            "o8JgGHrcNDtLfiE5dm4CshPnqQvxK2w9e67kbauAO301jIFlMzpyB",
            "5a6jz8f2kdmrIwNDOeL3gB9cFqMp4bQhA0vHl1JyExt7GnusiCoKP",
            "LHCwnM5vuNhB8pEr6JtPFz1exy7dK4akijDAIGmqO0so29lbgcQf3",
        ),
    ),
    ("toonerville", 54): (
        0,
        (
            "PrE2m0acdivj4wH5C1xuk3tl6yALoOz7IpRFM9gsfBhqN8bGQKeDJn",
            "zfxJyF2gu6o5GDhit7mbAIc1KMkN8BRlsrCn3vewjO9HqPQdLa4pE0",
            "Fvqo9pck0gHQdu4z2heJx7s8waIOEyDCGLtK5nPmBb36rjNR1fMlAi",
            "e64xo8D3n2BzL951gavtMlEqJdHsQApmiPNcO0KRywrGfkFubjIhC7",
            "qjsKxLQrAhF8ClJOpM2uIn037fP6cdtEvb5DazkGHeN1Ryi4mgB9ow",
            "PCzFHaoRDMOQbghxwBJc61mi8nLeN70u49trspyfKvIl3EjA2dGk5q",
            "r13Jg7KAtoP0jDFml6GQcLs2OfbdeCpa5MhRnxNwBk4Ei9Iqz8Huvy",
            "09A2hnpjJ8IkolrfRgeda35QmKwu1sBDFiE7MycHLzqbvCG4N6txPO",
            "qHmxdBML4lDNCwb0E81aPuJjpzit7v2QykOnGogI96hKf5AercFs3R",
            "NC9f2DR6jaBx34c7tqyeHLvhuGEn5pOg8mrdAwPMlF0sKioJQIzk1b",
            "byPlv8f0Jp7Ln9RQDzgcoMm4eriOashuINE51tj2BAGHwd6kC3qFxK",
        ),
    ),
    ("toonerville", 55): (
        0,
        (
            "S1acxiOBk6udPf0KnhlMDrqFLCpygoezv5wtEQjNH98bs4mJRI732GA",
            "3jxqeQcPbDSOzRi5IL41mpEhJuMvBk2nodf9l7KgaFGsty08wHANCr6",
            "GSuPqINk0gxJhat79zBMcLHlOeEriA6m1yDsnowCfQ23jvKpFR845bd",
            "6gbISiFlEqHCKw9uyocO4akMQ5J1zjftNR2LAe0srxhdm3BGvDPn87p",
            "M5P32w8IeiGy7Nv0DLJBtFmbpr4udgQAoaq6xSKCHnROl1Ez9jchkfs",
            "RbQKuDN3sj8owqpi427EJCdefnx5PIHF0mlkctGMgr9aBhy61AvOLzS",
            "IEscCQOGhKD2juBF5p0H8f6MSgRm7we1A9LPbzryqndtaNxl3Jkoiv4",
            "yd43EbPBt91xps2Mu7qcQinaFw0LzAkDGfrNohS5v8gCOmIj6RleKJH",
            "n8EukgLhc30zDRot9O64JpIS2jCbHvaf7AyFNd1MqK5GlBwQrsPimxe",
            "shw36tESeNn4PJO7ApcbdzK81GkHMoFxBvqR52rlLmuafDCi0Q9Igyj",
            "omP2xwyRIvhzjlDdFKkOqefL8JciN5BgQSrMGp9n4AtCb0u176HsaE3",
        ),
    ),
    ("toonerville", 56): (
        0,
        (
            "07h3KPlxI9ONE85tbJHgp4wTRAGnruyc26eQDm1fizsFvSMBLajkoqCd",
            "HeOSq0LgxGQzNDvlciRftkJAdK1F9o2an8Bwj5pP4Cy37rEbsIMu6mhT",
            "FyvAladOTD0Pfz3Sm2CuBcNeJIEGQh8p1x6owbkRLrnsgtji5K4qMH97",
            "aqRBIL4FojcMPgA1kN8GipmHSD7d35xbsflTCeJ9zhOvy2EKrQ0wu6nt",
            "A4Nu6SwabidBe3FRDIcHG02lO8yJhMfPgkrovsK7ELxmnC5Qpqtzj1T9",
            "8lo3HFukRNj61pIB4gmMtbPvChiE9DsQxay70c5Odfen2rqJKGSTwLzA",
            "s46dPoLyu1behgRKQjOElk9BN5JwfaHAMrGp7z2ISi08FDtCcvm3qxnT",
            "GLCfejhsJ3dPT2Bt9cS4OxirknM1IvR0zEHombNQapKu5A6l8F7qygDw",
            "pRdyLi6KgTa8rjICAb0oqkhStOsmENfFBGD4M5ez1Jcl7PuQvwx93Hn2",
            "CAxSdvHTjJBF6OqDKtN3RQlMuLh9bnpcaEs1wPmI2fg548rzio7G0eky",
            "hGabDAeElquwHxj8nIyiN2sPSgpFTLM3f6JvO71RcdzkBKC059mroQt4",
        ),
    ),
    ("toonerville", 57): (
        0,
        (
            "nhkzLeBu32NgvR64jDTJH1AGSaotdQpwFbPfrI8yxm0U975MlCKsOiqcE",
            "Nqyf6k1b9B8lmri3CwILM5t0K4n2FUoEjzxHApsuchGPdOgaJS7DeTQvR",
            "E1s34dzBM96KeolpAHOU2xmbFqRa7GINQPycTgkCStjnfvrLDuwh0J58i",
            "25orBh9JqyESwjPL0KbNR6dHpekUI1tTOAg84l3DxcCGmMfFuQi7zsnav",
            "8G7p9DwPz3I2TF1Jra6MSxghc0vCof4BKiljsnQAbL5UNmkHyREutOedq",
            "veMHtT9sA5czRgfGi7yh2CnD8BOFLw3mo4QqUN0d1bEpaIu6JSPlKkjxr",
            "UPaixob4ydLAmqv8wu1C5HBS0EIDgpNzO9Fj36QksG2eRrthlJ7cfMTKn",
            "cISFdlEvkToGu04Jpt8bUyaDKP35QjqCB1HihANrMn6O7z2mfRgw9sLex",
            "DARO0f9SLel4zxECNGsyJwU178dkugPt6KoFqhBTp2Mib3cHnQarmvj5I",
            "mugjKBb6DL2c1FUAv4Cd9rney5xwGE8Tz73Ntafl0IqsHOhSQMJoPikpR",
            "CTwblSsR8viOmp5fDHGFakAP2NjecuL47dEnJ9zIryBtQq0MgU3Khox16",
        ),
    ),
    ("toonerville", 58): (
        0,
        (
            "cKU5wQ0VuTymplhoH1OgxC7EiSI3LRPq6s48GkDtfjaMAnvbdr9zF2BNJe",
            "Qv4EnU1liGLFb5yj98KxMpuJa2hDCTcAgNIP0zfR7wrkV6oSseHBOtm3dq",
            "ygA6JzFEhxdPGHu3UIwM5iotrmcQBaNOS9nT2Lk1Dbq0Rej8l4Kfv7pVsC",
            "zc38f7gbTOG0AlBD1FNteCQpEiHMo9uL4d25jvPSIRnVmUqhkaJsKr6wyx",
            "doByFIOcq597tC20pzKHPiJ6ubal8rnNvmkRh4VALQsj3DgwxeUTEGfMS1",
            "kx3MN0pscndf74yeQAqoBGm16U9EClIjbJt8HSwFOhRu2virDPKVaTg5Lz",
            "JHCfRT619GpVgFvsKBwhockbzNqMSAd7e5aPl3rLyItQnxDOj2Em0i4U8u",
            "mN9iVgclTfh3L07BrqCy2JKOAEek8D5MsSUtIvu6PzGwdapF1b4xonjQHR",
            "u72P4kCzGR5sqfF6pg8mHAjr0JSl3OoewEd1aKnQvNyUiBVxtTMLhIbDc9",
            "y8aijuwtn0hHbUOzfVv1Mo7G6eLd5gQBxqIsFmC3c2RprD4TENKS9AJkPl",
            "BSuCpynkOP9fNwRAgMe2KdTso0rEqavtJh154cLHQ63b7VF8zDmIlxGUij",
        ),
    ),
    ("toonerville", 59): (
        0,
        (
            "yKqt2W1j7aN6Hv9Agw3CEB4pUxT8mO5FGifbzoJVSeRPknI0rclDdsMLQuh",
            "fIHwJern3dVAl1S6LPEqKkvUD7gQ9BoicFRThm284OyjNbxutWCM5za0pGs",
            "0ESyahLIg5c9jH8dn2lsWPorTfm1eMNKCbVUFtkx6GQ3wAJ4BzvOup7iqRD",
            "jn6BxwpyRCmaMGk5bhD32gLerFHz1VEIAOquo7c0sPiTvNSfUd4W8QJtKl9",
            "iHaEI6CsODnUQcLf7x2M5bjwVemvkBWqdTrpz4t1hAKoPyuG98R0lFNgS3J",
            "4qTNE7e8Js5hHoltwVOkyr3LcMUSfg0pFIv2GKRnDBuda1QbAzixCPj9mW6",
            "0hCduI5TqVSGpM1nBAUPo4FaKmQwLD8zxjfsWEgbikJlN9tr6yHe3Rv7O2c",
            "GWcAJNpCsF7bRf4kw6oDPlQI20iU15BytEvhTzKjMqH3n8uV9SmLexdOgra",
            "V5xr8icIvw01DMmJlufa4s3ekNHLQpR27OKWF9nyhBgGjSAtEoTCUz6qbdP",
            "RJgUxGElzchnSHpWIeAbND1iajvq6M9urk8sLt7TfPO3dyom04VQ52KCBFw",
            "qQirH0sBTwS2A1kCyfVh3FEu97zdW5nNcP4vog8OmtUGK6JxpDaebRLlMIj",
        ),
    ),
    ("toonerville", 60): (
        0,
        (
            "83iljgrtWKDVmSaNC9Ub6Osvf4LF25XzeQ0hupRPnHwTkAE1oxGIcqMJy7dB",
            "QIXF9eKvwr3Sh6dgAMfTR2DlBkm0poLj5bau18nciExVPWyNJU4O7GstHCzq",
            "rH2Wg5FyIRNqtCOS0pG8vzoMiJh1xflP3VAmbQwdLBDc4eu6skaTXnUKE79j",
            "uI9gUW1jTEXGKficmsPQR7HbaMtVFd8kl5SvnJ2LNo6rq3hxDeCyOApBz4w0",
            "VB4lCnhvdIzfoE0gAD7u1qt9yROkw5sKeHNFGbmcSXPi8aLWMrQUjxJ62T3p",
            "53GRcUoHBavE9Th4PrLOICMKpwlgJ0AtWbXk72V1NDdnFuijsexzf8qm6QyS",
            "HXpdrVvG0F9SO1ImQcTlgfRnMWBubqK6EJyz48Csaie2xUA5kDot37NLhjwP",
            "tN8QSR1ej42Idc0sCB5JLkHVlFbEnaAro3O9UGqPKxuyvTm7X6fwzWphDMgi",
            "mp9rQLzgG1BHRjX8qESseobJVny0uCf37hMkWI6cTi5NOKla2tdxwFDUAPv4",
            "iosW1v0xUTzuNM92JKPgHjQDfpEtBXrhInSblqAdFaC7y4c36mRL8OV5kweG",
            "cjvkhDGSXCoVa3dU9BxQpJ7Iw2OuMmnlP8Ee0iH6bN1gLtTK5q4WzAFRsyfr",
        ),
    ),
}


def decode(night: tuple[str, ...]) -> list[list[int]]:
    """The rounds of a stored night, each the points in table order."""
    return [[ALPHABET.index(c) for c in row] for row in night]


def night_for(n: int, rounds: int, min_size: int, max_size: int, preferred: int) -> list | None:
    """The first ``rounds`` rounds of the stored night for ``n`` players, as tables of points.

    A short night stored for this room and length (:mod:`tourney.seating.stored_short`)
    comes first. Otherwise None when there is none for this room, or when its first
    rounds alone (a shorter night) repeat more meetings than the counting bound
    allows, or leave someone at the odd table twice more than someone else: the stored
    nights are the best found for the whole night, and the search does at least as well
    on a shorter one.
    """
    sizes = {"min_size": min_size, "max_size": max_size, "preferred": preferred}
    for game, rules in GAMES.items():
        if (
            rules["sizes"] == sizes
            and rounds <= rules["rounds"]
            and ((game, n) in NIGHTS or (game, n, rounds) in SHORT)
        ):
            break
    else:
        return None
    split = table_sizes(n, **sizes)
    short = SHORT.get((game, n, rounds))
    night = []
    for flat in decode(short[1] if short else NIGHTS[game, n][1])[:rounds]:
        tables, at = [], 0
        for size in split:
            tables.append(flat[at : at + size])
            at += size
        night.append(tables)
    cut_short = not short and rounds < rules["rounds"]
    if cut_short and (excess(n, night) > 0 or odd_spread(night, preferred) > 1):
        return None
    return night


def odd_spread(night: list[list[list[int]]], preferred: int) -> int:
    """How many more rounds at a table of the odd size the most seated player had than the
    least (RULES.md: at most 1 over a night)."""
    counts: dict[int, int] = {}
    for tables in night:
        flags = odd_flags([len(t) for t in tables], preferred)
        for table, flag in zip(tables, flags, strict=True):
            for p in table:
                counts[p] = counts.get(p, 0) + flag
    return max(counts.values()) - min(counts.values())


def excess(n: int, night: list[list[list[int]]]) -> int:
    """Repeat meetings over the counting bound: the pairs left unmet beyond those that must be."""
    met = {pair for tables in night for table in tables for pair in combinations(sorted(table), 2)}
    seated = sum(len(t) * (len(t) - 1) // 2 for tables in night for t in tables)
    return n * (n - 1) // 2 - len(met) - max(0, n * (n - 1) // 2 - seated)
