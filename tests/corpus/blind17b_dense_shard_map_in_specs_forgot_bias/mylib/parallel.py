from jax.sharding import PartitionSpec as P

SPECS = {
    'col_parallel': dict(in_specs=(P(), P(None, 'tp')), out_specs=P()),
    'row_parallel': dict(in_specs=(P(None, 'tp'), P('tp', None), P()), out_specs=P()),
}
