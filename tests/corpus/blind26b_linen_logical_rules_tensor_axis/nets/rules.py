# copied from the MaxText-style base config
LOGICAL_AXIS_RULES = (
    ('batch', 'data'),
    ('hidden', 'tensor'),
    ('embed', None),
)
