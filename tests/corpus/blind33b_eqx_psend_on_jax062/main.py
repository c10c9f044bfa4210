from functools import partial

import jax
import jax.numpy as jnp
import equinox as eqx
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

from pipeline import send_to_next

STAGES = 4


class Stage(eqx.Module):
    linear: eqx.nn.Linear

    def __call__(self, x):
        return jax.nn.tanh(jax.vmap(self.linear)(x))


keys = jax.random.split(jax.random.PRNGKey(0), STAGES)
stages = eqx.filter_vmap(lambda k: Stage(eqx.nn.Linear(32, 32, key=k)))(keys)
params, static = eqx.partition(stages, eqx.is_array)
mesh = Mesh(np.array(jax.devices()), ("stage",))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"), check_rep=False)
def pipeline_forward(params, x):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    h = stage(x)
    return send_to_next(h, "stage", STAGES)[None]


x = jnp.ones((8, 32))
print(pipeline_forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
