import jax
from jax.sharding import PartitionSpec as P


def run_pipeline(stage_module, microbatches, mesh, axis="stage"):
    def body(m, mb):
        return m(mb)

    return jax.shard_map(body, mesh=mesh, in_specs=(P(axis), P(axis)),
                         out_specs=P(axis))(stage_module, microbatches)
