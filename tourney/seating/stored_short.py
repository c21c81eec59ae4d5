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
    ("shanghai", 9, 5): (
        0,
        (
            "237501684",
            "384617520",
            "542017683",
            "216875403",
            "680537214",
        ),
    ),
    ("shanghai", 10, 4): (
        0,
        (
            "0276149835",
            "5913680742",
            "1726438509",
            "9253760481",
        ),
    ),
    ("shanghai", 13, 6): (
        0,
        (
            "519628c4a307b",
            "b873ca5061294",
            "9047a2b58c136",
            "435680c927ba1",
            "a0b2c64578139",
            "5c801b4693a72",
        ),
    ),
    ("shanghai", 15, 5): (
        0,
        (
            "975823acd1e04b6",
            "b5d0a312e749c68",
            "70cb1e8a9d62345",
            "02ab3e1589dc764",
            "2de5c174a6398b0",
        ),
    ),
    ("shanghai", 16, 4): (
        17,
        (
            "60bf41e2ad53c879",
            "725a8316d4ecbf90",
            "aed9c1386742fb05",
            "94562c1b7e803fda",
        ),
    ),
    ("shanghai", 17, 3): (
        24,
        (
            "dg50418a63f72ecb9",
            "ebg327c4a9d51860f",
            "f89cg6ae0b214d753",
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
    ("shanghai", 18, 4): (
        19,
        (
            "76f0be98423cda15gh",
            "d51a43cgh728bfe096",
            "1ce9f02ghd6b3478a5",
            "b2ca518630f4gh7de9",
        ),
    ),
    ("shanghai", 18, 5): (
        21,
        (
            "23c41ade70b9865hfg",
            "9bch5f860g137e24ad",
            "8h93da517624b0gefc",
            "ef1dbg9247h8ac5360",
            "fag3b245e87c6d09h1",
        ),
    ),
    ("shanghai", 19, 3): (
        8,
        (
            "0acbh37de69258if41g",
            "g97a4b51d0hf8e3c62i",
            "271ihdgc4860f9bae53",
        ),
    ),
    ("shanghai", 19, 4): (
        12,
        (
            "cdf7i1ah6938g4e052b",
            "59ieahcf08g2d1b4637",
            "26ib835h4dg97a01fec",
            "2eh7bf5gc601i438da9",
        ),
    ),
    ("shanghai", 19, 5): (
        15,
        (
            "746a2c18fhebd0935ig",
            "fe71i2g95cb863d0h4a",
            "a4ec3ih2bd057g86f19",
            "89ia40f123hg65ebc7d",
            "54gfb9ha731i6c08ed2",
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
    ("shanghai", 20, 3): (
        8,
        (
            "b3ajcf8g6hd954712ie0",
            "614c5if27a9eb8hg3j0d",
            "hd18a50f4be37j6cgi92",
        ),
    ),
    ("shanghai", 20, 4): (
        12,
        (
            "639ed5841b07iagch2fj",
            "1ba2dj3860f59cighe74",
            "dfc041jieb982g75ah63",
            "dj7g5632i40bh91ca8ef",
        ),
    ),
    ("shanghai", 20, 5): (
        15,
        (
            "ab5e178cg9i23dh6fj04",
            "feh67c320a9841igbd5j",
            "54g3ec1f6djha29087ib",
            "ie5cj78a4dg1h2096f3b",
            "ag6if42hcbj1837de095",
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
    ("shanghai", 21, 6): (
        9,
        (
            "354akf6gbj7c8i129e0hd",
            "7he2g894630aifjc51bkd",
            "dj6c1092f47eabk8i3gh5",
            "bi9k7c80fgd413eja625h",
            "hd4bfie835cga97106j2k",
            "a985j0cghk437bd2fei61",
        ),
    ),
    ("shanghai", 26, 5): (
        32,
        (
            "0n367oe9a8f41c2blkdhjip5gm",
            "bpghe43nd5al6oc9k018i2m7jf",
            "km952lchen03biofd74p8j61ga",
            "jadic8mk6nb1e57oh32p9fl04g",
            "n81plf62edioa4mh59jb0k3gc7",
        ),
    ),
    ("shanghai", 27, 4): (
        28,
        (
            "7608ka4i9nlhfbcm32geq51jodp",
            "3d2efoc5pq1b7l64g8mni0a9jhk",
            "md5h76g0bi2j4q3oklnceaf9p18",
            "ajqmf4knp13gebdh85o90l26ci7",
        ),
    ),
    ("shanghai", 27, 5): (
        40,
        (
            "941i8mbpjh5fa0n6l7cgdqeok23",
            "230qda7clnoei6mjb9hp1kg458f",
            "fo5q61mikgl38270pbajc94dehn",
            "0k4jb76heag85l93dnoqpmcif21",
            "9b12ng46d3cpl8jkqf57amho0ie",
        ),
    ),
    ("shanghai", 27, 6): (
        52,
        (
            "ql7ba5e86h4on9m0d31cgpfk2ji",
            "fj319nc20idgo675pa8elkbmqh4",
            "kco5mnpe8jdqi6ab39l412f0hg7",
            "4hikp9f623mlbne7c05g8j1daqo",
            "m7g4ja6k01dbq8c9fnilop5e23h",
            "aqnp20g9eobf1mi78k534d6cjhl",
        ),
    ),
    ("shanghai", 28, 5): (
        1,
        (
            "dkg1j7enm8alb23hpo0f4c59qi6r",
            "8kr0ch35qgeapi96dm4b7lo1n2fj",
            "j9b7r2i0416fel5cnogqm3kp8adh",
            "31968hjicmlnp4rkfq7ad5o20egb",
            "62cp79qdl05ma1re3jo4bkhnif8g",
        ),
    ),
    ("shanghai", 29, 5): (
        0,
        (
            "q6lpfoas5ke4gir1hjc089327mnbd",
            "dr19sq42oc0fb3g8lm5ekj6ni7pah",
            "eh62sfjm7r0aiqdo81gn9b54pkcl3",
            "gm9khrb6ca2i1f57n0l4de3po8jsq",
            "hn35r2jgalq17ebicpms4fk8do906",
        ),
    ),
    ("shanghai", 29, 6): (
        6,
        (
            "qfd5p3rlj2g9h67oab41ims8c0kne",
            "pmo0hd4rgk6n5ial2ec1q89bj7sf3",
            "kpi39fr2a0odc7jnblsgq6me4h518",
            "0c594oeigfp61js8lka73qnhr2bmd",
            "30d86eb7pri4hjl5ks2o1nfm9qcag",
            "edsahfbk6cnp824gj5m3iq017olr9",
        ),
    ),
    ("shanghai", 30, 4): (
        0,
        (
            "5rmp7nhe1jof3k6at08s4iq2cdg9lb",
            "col0n93s5qigpjtb4h6m8drke7fa21",
            "frgs4hd20pqe67lkna9i13cmtjb85o",
            "eapcb34n78smdiol5htfr92j6gq0k1",
        ),
    ),
    ("shanghai", 30, 5): (
        0,
        (
            "mqt657ch3njf4s2dkg0oleip9ba81r",
            "2olrm74tad1se360jp5cnfk98higbq",
            "rdfph7mebji20n65skal3qo48cg19t",
            "qafech401ml876gitjrksponb925d3",
            "p3mgaj96oh5enr4q217kdcis8ftl0b",
        ),
    ),
    ("shanghai", 30, 6): (
        6,
        (
            "9a2b8smo7ld4qjc6t13p5f0inghkre",
            "1g59s4otkim3ajh72q0peb6cf8nldr",
            "thd9fnspbki0ja718e4mo5rq6c32lg",
            "en93og8j67hbiq1stc0rdk25maf4pl",
            "sedaik609l475b3o8hpcr2f1jmnqgt",
            "og0bd1ak7csq38f5eltjirpm92h46n",
        ),
    ),
    ("shanghai", 31, 5): (
        20,
        (
            "94barje7k1p8lt2fih5g3csdm06uqon",
            "1lk36mjg087r4tco2h9dua5ensbipfq",
            "q0c25ekirjupl93nd1a8o7hmbtfs64g",
            "8sohpu67i9crfe035jldbqgkta421mn",
            "i7tfdnl04ua5r2p69mgeok8c3bj1shq",
        ),
    ),
    ("shanghai", 31, 6): (
        23,
        (
            "7ib4e85jmafks2lh6o0utg3nd1cr9qp",
            "posfh3uidq2gk8mtb6c54j1l9e7ar0n",
            "ag1296im3lcekdorp7u5sh408jnfbtq",
            "0d5qlmsbrhg1c27fet3au4o98ni6pjk",
            "kuctnj7dh69i0egf52r38ploab14msq",
            "6f4rlu2epmni5ht1csa8d309bkjgo7q",
        ),
    ),
    ("shanghai", 33, 6): (
        3,
        (
            "qkh4igl8oba1es9t6cm5nu2pv3j0rfd7w",
            "8vjatrh7ock6w20l5sf4d3n1gibu9qpme",
            "q9n7l3m42bojwufdhte0ipra6gscvk185",
            "j16qbksurd5e7vic8wp30g9fmtno4ah2l",
            "utl3e9h5jpmr1wvkfcabi08ns467gd2qo",
            "aqw5g7tps241cu0dljmiko3v9enbr68fh",
        ),
    ),
    ("shanghai", 37, 6): (
        23,
        (
            "ncepuigdbsAxyhf46jmto3q8z1ra92075lwvk",
            "zw67ol3y1045bpfmvqknsuitgahedj289Arcx",
            "hjaqrv8mkt9fo5x0icg37dsel4zbuwy216pnA",
            "x3kph2mcs1warfln0jg695duzvtoqeAyi7b48",
            "Af7uj5er0bt6zynmx39svip4qgwhcl82odak1",
            "42novgylqd9i5psrthmwA0zcbjkua638f1x7e",
        ),
    ),
    ("shanghai", 41, 6): (
        0,
        (
            "dCk3vxmu0firt1Bynzq29Dc8jap4s6bE5Aehwog7l",
            "smDerw70E1dgnj6CA34yfi8B52zuktcvhb9lpqaox",
            "ob5cf1ErnxuiCDAlg39epzsv0B4qhj76kwy8tadm2",
            "4lt80npAcwv3oBjmsEfk27rbCzhg1iaDyx59qeu6d",
            "aB97A6lj1us4zmxgEvtDoyC2chr8dpfinbke03wq5",
            "ijEypzmk1AqD20gbC8o9se7tfxwBnhdlc63ru45va",
        ),
    ),
    ("shanghai", 46, 6): (
        0,
        (
            "fxGug73Ioqitl0wCksc6HdBFyJbre1jA5D4mvh9n8z2aEp",
            "Ivs4wzraHnC83mGpjtudo0hke2FA6lfi1BE7DqJbg9cx5y",
            "CjqA9psExDoncgt2l8y7IwfJa5103dHGrFh4evu6Bmzibk",
            "5dlineq70vFa9IG6Btmfs2bHAoyrDupcJz3Cx81k4Ejhgw",
            "6tb3Ey4icjfH8FweuzlqhdaxmvAGsn0pog51I2DCBJ9kr7",
            "oBc08rgyzeA329u4tFiaDfkIpnjJlHx7dsbh1mqw6v5GCE",
        ),
    ),
    ("toonerville", 11, 5): (
        0,
        (
            "15728a90463",
            "7493561a028",
            "962318047a5",
            "5830247a196",
            "123a6807945",
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
    ("toonerville", 17, 4): (
        17,
        (
            "d739ag65b1280cf4e",
            "5f81bcagd4907e326",
            "g462c3d0fab759e81",
            "b50ec617d483gfa92",
        ),
    ),
    ("toonerville", 17, 5): (
        18,
        (
            "defba1842076g3c95",
            "g743c8e9da16b5f02",
            "16902d3ec8f7agb45",
            "65eg8f3c1279bda04",
            "c30b815d7964feg2a",
        ),
    ),
    ("toonerville", 17, 6): (
        5,
        (
            "c3857aed26fb4g901",
            "b40gd5ef92763a8c1",
            "e92613agf48cd7b50",
            "0ac6fdb397e8g2541",
            "f1b829a4703cedg65",
            "ae354f7d18906c2bg",
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
    ("toonerville", 21, 5): (
        12,
        (
            "2ba3kij0e86dgc74f915h",
            "jc6i5h82f4b90akg1ed37",
            "g9e84bdaj62173ch05fik",
            "fdh102543kj8c7igb9ae6",
            "058a71ecbdi9246khj3fg",
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
    ("toonerville", 25, 6): (
        1,
        (
            "4hl75oc6damf1gi38e09n2jkb",
            "mc2i0h3198ed7jn4a5k6flbgo",
            "68n1bf4c3egm5297aidklhj0o",
            "9fdjg7b306hia5no24km81cel",
            "ko3ae2lf85c9bj1i74g06hnmd",
            "l36jm50a8k7ncio49hfeb1d2g",
        ),
    ),
    ("toonerville", 25, 7): (
        10,
        (
            "db4o3h2l1n7amij5kgc6f089e",
            "aleigk7d8cb2no50194hj36mf",
            "5hn86o7ca0m4le31j2gkbfid9",
            "72jf0c5ed9l6oim8bgn41ak3h",
            "c91mk30ina6d27h4e8ojgl5fb",
            "9g753ldnja18fk6b0m2oehi4c",
            "kfoen0ghd54m2lc83bj9a6i17",
        ),
    ),
    ("toonerville", 25, 10): (
        0,
        (
            "7j9lh23bik8c4fadng5oe601m",
            "c6gie8h1o57d3m2k04blnajf9",
            "o43f2di9kjnmgh51b0a7cl86e",
            "1k5ma36bc9fi8g4j0ehldno72",
            "bd8n0me49cgo52h6ai7kjfl31",
            "41dc28i5j7nhmlfg3690okabe",
            "5n6kfag9co1jbd7e238lmh04i",
            "97g8bj64d052lchfme1ink3ao",
            "h30ejnclkbmod1g29485ai6f7",
            "miola61742jc8feb0gkhd593n",
        ),
    ),
    ("toonerville", 27, 8): (
        5,
        (
            "7ga12el093ndhmkoc5j8p6ifq4b",
            "5df4b9ol3kg8iq2ncmapj6071eh",
            "bhjifqog2519dlp7k4c0e8nm6a3",
            "2ghpn6lk4eoa9mfjq108735bicd",
            "m247cngbh3f05ieko6d1ajlq89p",
            "h84l0ai9jgdeq6m532co1pbkf7n",
            "cl1f0mbdna5hqe3p69g4o8i7k2j",
            "ad28njop5hc09qk7bef6i314lgm",
        ),
    ),
    ("toonerville", 27, 9): (
        23,
        (
            "dqgi50la462mh8bk7n19jpfoc3e",
            "2akqifn9mlpe1453hjg67c08bdo",
            "fk74q68pljci923oagbmen1dh50",
            "819mbcqhj4na6e5ol0kdg3p7if2",
            "j7be04g936kn25pcao8idhfm1ql",
            "d8j52gek96lhfac1ib3047oqnpm",
            "fq0e4d6c5i7m1lgoph3an82b9jk",
            "q3mj9ecaonh0f5b6pk1i7l2dg84",
            "1j02qg5nl3f8h4iemock9pdb7a6",
        ),
    ),
    ("toonerville", 28, 8): (
        6,
        (
            "3lj8fcd02kir6am57o1ep9hnbq4g",
            "5kb9q3nec6ohl4f2ig0mrd81ap7j",
            "82mn9140ebafkq67pcr3ghjdol5i",
            "hq1ibl7rn5j429ce08oamkpdf63g",
            "d96lo2gp1m3b4ahr7nficq58j0ek",
            "m7c48kfhqp0ldbno5erg621j3i9a",
            "aq2drn06k4o3g897ibcjlhme1p5f",
            "o3fjeid4glcaqmr9p68b5h72nk10",
        ),
    ),
    ("toonerville", 28, 9): (
        26,
        (
            "mgph9l68n4eakbfi5c0r273qdoj1",
            "k07hmei6jqcn8f14gb59lp3do2ra",
            "f2nplhb1jg7acre93m85kqd640oi",
            "m0j95oqh7c1pfa63b2drk4elngi8",
            "bje35674n1mohci20gfqpkr8lda9",
            "3okgbqm45a1ief9hn7rljp62cd08",
            "2k19g4c3ilrqbn60aj8hpe5odf7m",
            "flj578obamkc4qp9dihn3e206rg1",
            "dnk5mgl2rhj4p0ba973iq81eo6cf",
        ),
    ),
    ("toonerville", 28, 10): (
        5,
        (
            "j1o4a0me8d9f6lcg23h5i7qkbpnr",
            "dg2akofb56mi7r3j04n8pe9cq1lh",
            "hjmf9ig4l07be2kn15par6qdc8o3",
            "5rk9m782fa4qbchdoile3g1njp06",
            "8hpiacjkgormnlf5q3094b627e1d",
            "d0o5pgf76k81i3bae4hrcmqn2l9j",
            "1bm9ndji45c7khg0oqp2la8r36ef",
            "o976r1c2jeqbm4l50fihp3kdg8na",
            "b7e86oah91ci4kl3gjq5fr02pndm",
            "a2ircf10e5bgqjo8n9h7dlp436km",
        ),
    ),
    ("toonerville", 29, 7): (
        3,
        (
            "dkhsl36fo28jcbig9mp5en71qra40",
            "im72okaenlg8fcd30h1r9pbj6sq54",
            "34e9jnfphoabd6l70k5ciq2rg1m8s",
            "r658ncqhok73gf4mdaijlp9s01eb2",
            "a1gpcdj7risfe8b4h05no62k93lmq",
            "qb0fk9nmc16i4oprl8he7dgj532sa",
            "7a59fhgm0rbcs24nl8pi3eq6doj1k",
        ),
    ),
    ("toonerville", 30, 10): (
        23,
        (
            "7bo84dfh3gcea2riltnpj59qsm106k",
            "sfom4ner03djk1tblhg9i6pc7qa825",
            "l8kc4eq06mdroh5afjn12t7sgpb39i",
            "eis5q2o1af3b08gm76ljpk49cdnrht",
            "dqpiskr3bm2c9t80h7n5g1a6fleoj4",
            "5bld4git02pfe69o13r7qmknhsca8j",
            "dgok54c17s0n3hq8ajrpm29liebf6t",
            "als4ep87ijkfcr0ohqb6m5t31d9g2n",
            "jsgb9fc71pmh3426oin8eatdrql5k0",
            "a9bn5frgd8s62ehkqjtc01ilm47p3o",
        ),
    ),
    ("toonerville", 33, 7): (
        0,
        (
            "jmqpi6ba0s94c87hrv2t1ngok5lue3dfw",
            "gf1cel8vjoriapk3t04n7usmd2wq69bh5",
            "a42dlfm9t530vh6cokrju7weib8pg1sqn",
            "to5s8ebjdwapur4m1i6fvq0g93h2nck7l",
            "6u7930rtlm2bcnaf84keqvhspjwo1dgi5",
            "bvrnw275j91iks6lgpc0do4fu83emhtqa",
            "khwm0gt4j56npav9efs2rl31b7qdoui8c",
        ),
    ),
    ("toonerville", 37, 9): (
        2,
        (
            "7bzyvnoAwx4eg839p0i2jtu5skfrdqch1a6ml",
            "lqgwu5dpyor9xA6hf7et2a0z4snmi3jcv1b8k",
            "a3ihecp6wosb0gd821lr7mufznjy4xvtA95kq",
            "cxn0ki76oawytqzrj9A2uve1p85hmsfg34dlb",
            "19ds64f57Agczkyoe2whrb3unt0mqvl8ixjap",
            "mA4rpbj9hifyc21an7qs8k6tg0e5wdovul3zx",
            "oft8jxb26vs4h0l9y3kmwzi51deAq7ngprcua",
            "52clo7dmjq364yAkstirb8nze1wfxv9gauph0",
            "56nvrejlsdhtcqfbakpz24iw9x8uy3A701omg",
        ),
    ),
    ("toonerville", 37, 10): (
        11,
        (
            "g6qjxlpebkt7fdasn3vAoy045hrzui9cm28w1",
            "hd2v0A7uaxz9smfe8wgct3p16njbryqk45oli",
            "ztl3av7j4u69ofnx2rqdeg0m1sAw5ckbhip8y",
            "pksmufa46o0ezj8xhydg7iAbt235r9vwqncl1",
            "ienw4A9jk70przfbqcos28ug3mdl6ayh1tv5x",
            "7b589jw3dmaxrl2u4vz1kstyec0i6hogfqnpA",
            "yrcfA0n39mj2th7lwpg4zkxido8aqsb6v1e5u",
            "4bd1oyxlAish3n7zm5wfv0utq9g2erk68acjp",
            "sjfl0ak5gopwxnuyv27qi34mbcd8zt1r9ehA6",
            "3ec7x0wbaju1inoktgrlv4s8A6yz2dp9f5qmh",
        ),
    ),
    ("toonerville", 38, 10): (
        1,
        (
            "04iluz3cAe9p57gbhkstarBm1d82onqfywvjx6",
            "xaqy93wh8lzocev5m70A6sp1rtijubfkdgBn24",
            "oyB2cgwmu1qj4As38x5hrbdea6lktn0vi9z7fp",
            "imn8eysgfa9vjd3lpwqr7tx2Ak5zb64B0huc1o",
            "hf6cdmux09254ej8wknBigapv37ozt1yrlsAqb",
            "cd0qr869jpnyxsbowf2zlghv471kuABit5m3ea",
            "Arhoy65udf4tgznxB30pelm12svicbjaw87kq9",
            "nAa1o9jmB5qsi7ycphb28g3fvxr4lutwek0z6d",
            "eB7hby80otg6daws3ixkvqzm5r1fnc9lj2A4pu",
            "vdkpe2q6xflBc8tAi1bwmh4yjz0g97usr3nao5",
        ),
    ),
    ("toonerville", 41, 9): (
        0,
        (
            "lzaycv6k70h8Ejfdreo5qx9nmbC24i3upADg1tsBw",
            "CqfptlduBc7m3Enzk9vh1os8jrbgw5xaA6e4i02yD",
            "g4vj0BmDe3ytxoCucpnwlda2k6s51rhz7qbAEi98f",
            "hmAsikcrxwaoDCgn3t0u518l29jbeEvdpy7f4z6Bq",
            "E6r9osC7D0pamc48qexlgw2vuh5kfyBbijA3z1tdn",
            "B75n2Emu4r3a8Chjw9Dlkqygsxizd0fo1vetAbcp6",
            "Dx8ubCrB01j7a4pkAd93q6tlhvionecsfEw5yg2zm",
            "w1ek3nA6fuhag5bmdzp9s8yCvcDjEBox4rit2q0l7",
            "w7dA8aCEicBg90bsnheypx62j54l3kmotr1uqfvzD",
        ),
    ),
    ("toonerville", 41, 10): (
        1,
        (
            "rbfyBAovazqnx86Et1chgjew7sd5u2l40Cm9ki3Dp",
            "1DzEa3hd90vwC7pkAsufjeoriq62B5tyglnmcxb48",
            "05pn9s82etkBhqc7yE4gAlrjvzuo31iwbadC6fxDm",
            "46kjisb3ax071gm8rnDuwcBzvyeAC9qtlh2E5dpof",
            "gsoCl6z79bqekxA5Bt34wca2upEmjvhiyn18fr0Dd",
            "xtdcerq4a3l8B7obhnk2yuECi9DAjs1vp56mwfzg0",
            "A8hquylpwfC7t6rsxo129naBijcb54zdmE03ekgDv",
            "m372vdq1jt0isy4Do5C8zlkxurEc9wfah6nAbBegp",
            "kocw8bdvE6uy0gxa97B4s1mAti5fqDhelz2rpn3jC",
            "v4ue9f6c3k5r1o0mB2DtbphCxEsqwjy8alizA7dng",
        ),
    ),
    ("toonerville", 45, 10): (
        0,
        (
            "rg9l8emq730d2CuFixfbp1jznaIsG6kDchAwt4HEyBo5v",
            "p63BIE9hFjmx45ke2ltyvbgH0wqi1naduoc8szDfGA7rC",
            "7nvFD8x5ikHtrsqy3CjohG1eAIEcumwp9dlbzga2B046f",
            "ibjtsfIA9ueBy6Ewd3mz547pgqrGFlknoHh8aD0Cxv12c",
            "c0q5ABDlwt14a2z87GdgCFIjkEvmbpsHu9yxnef3hr6io",
            "oG4uwyczCA8Eka3bDx67tmil015gsdFBfhr2pnHqIjv9e",
            "zeExaihvGHo1Fs96284nBgfctbCqkDrymu3lA5pdjw0I7",
            "fm2HCtoE37h5ukGB0ywgjIx1rvdAsFl6a9i4zcbneqpD8",
            "dk1yh4b5FBAHz2xlq0a9oC83vGjc7pniEetDIrwfs6ugm",
            "b6G8yaC5whsnmFpe03i7HtBq9ogIzcd4rxvukjAD2lE1f",
        ),
    ),
}
