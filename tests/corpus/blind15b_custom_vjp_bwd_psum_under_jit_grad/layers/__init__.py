from .tp import column_parallel
