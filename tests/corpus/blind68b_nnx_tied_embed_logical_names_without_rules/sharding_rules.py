# Logical axis name -> mesh axis name.
RULES = (
    ('batch', 'data'),
    ('vocab', 'model'),
    ('mlp', 'model'),
    ('embed', None),
)
