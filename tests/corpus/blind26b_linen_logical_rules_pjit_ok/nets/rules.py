LOGICAL_AXIS_RULES = (
    ('batch', 'data'),
    ('hidden', 'model'),
    ('embed', None),
)
