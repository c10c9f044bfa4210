# logical axis name -> mesh axis; copied from the pod config (mesh: data x tensor)
LOGICAL_RULES = (
    ('batch', 'data'),
    ('patch', None),
    ('embed', None),
    ('heads', 'tensor'),
    ('kv', None),
    ('mlp', 'tensor'),
    ('classes', None),
)
