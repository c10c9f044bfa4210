from jax.sharding import PartitionSpec as P

PARALLEL = {
    'axis': 'batch',
    'in_specs': [P(), P('batch'), P('batch')],
    'out_specs': (P(), P()),
}
