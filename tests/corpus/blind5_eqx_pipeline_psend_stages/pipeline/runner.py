import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def pipeline_forward(stages, microbatches, mesh, axis):
    params, static = eqx.partition(stages, eqx.is_array)

    def per_stage(params, microbatches):
        stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
        outs = []
        for mb in microbatches:
            outs.append(stage(mb))
        return jnp.stack(outs)

    return jax.shard_map(
        per_stage,
        mesh=mesh,
        in_specs=(P(axis), P()),
        out_specs=P(axis),
        check_vma=False,
    )(params, microbatches)
