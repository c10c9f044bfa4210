import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from stage import GPipeStage

mesh = Mesh(np.array(jax.devices()), ("pp",))
n = mesh.shape["pp"]


def build(key):
    return GPipeStage(eqx.nn.MLP(8, 8, 16, 1, key=key), "pp", n)


stages = eqx.filter_vmap(build)(jax.random.split(jax.random.PRNGKey(0), n))
params, static = eqx.partition(stages, eqx.is_array)


def stage_fn(params, mbs):
    stage = eqx.combine(jax.tree.map(lambda p: p[0], params), static)
    return stage(mbs)[None]


run = jax.jit(shard_map(stage_fn, mesh, in_specs=(P("pp"), P()), out_specs=P("pp"), check_rep=False))
mbs = jnp.zeros((6, 4, 8))
print(run.trace(params, mbs).lower(lowering_platforms=("tpu",)).as_text()[:100])
