import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from model.pipeline import build_stage

PP = 4
mesh = jax.make_mesh((PP,), ("pp",))
stages = eqx.filter_vmap(lambda k: build_stage(k, 64, PP))(jax.random.split(jax.random.key(0), PP))
params, static = eqx.partition(stages, eqx.is_array)


def per_device(params, x):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    return stage.forward_and_shift(x)


run = jax.jit(jax.shard_map(per_device, mesh=mesh, in_specs=(P("pp"), P("pp")), out_specs=P("pp")))
x = jnp.ones((16, 64))
print(run.trace(params, x).lower(lowering_platforms=("cuda",)) is not None)
