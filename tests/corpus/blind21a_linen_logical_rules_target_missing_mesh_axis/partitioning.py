# Logical axis rules, shared with the launcher that builds a ('data', 'tensor') mesh
# on the pod; this script's mesh calls the second axis 'model'.
LOGICAL_AXIS_RULES = (
    ('batch', 'data'),
    ('embed', None),
    ('hidden', 'tensor'),
    ('vocab', 'tensor'),
)
