import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

STAGES, MB, H = 4, 6, 32


class Tick(nn.Module):
    hidden: int
    num_stages: int

    @nn.compact
    def __call__(self, state, mb):
        sid = jax.lax.axis_index("stage")
        x = jnp.where(sid == 0, mb, state)
        y = nn.tanh(nn.Dense(self.hidden)(x))
        ring = [(i, (i + 1) % self.num_stages) for i in range(self.num_stages)]
        return jax.lax.ppermute(y, "stage", ring), y


class CircularPipeline(nn.Module):
    hidden: int
    num_stages: int

    @nn.compact
    def __call__(self, mbs):
        scan_tick = nn.scan(Tick, variable_broadcast="params", split_rngs={"params": False},
                            in_axes=0, out_axes=0)
        init = jnp.zeros_like(mbs[0])
        _, ys = scan_tick(self.hidden, self.num_stages, name="tick")(init, mbs)
        return ys


model = CircularPipeline(H, STAGES)
mesh = Mesh(np.array(jax.devices()).reshape(STAGES), ("stage",))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"))
def init_stage(keys, mbs):
    variables = model.init(keys[0], mbs)
    return jax.tree.map(lambda v: v[None], variables)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"))
def apply_stage(variables, mbs):
    return model.apply(jax.tree.map(lambda v: v[0], variables), mbs)[None]


@jax.jit
def run(keys, mbs):
    variables = init_stage(keys, mbs)
    return apply_stage(variables, mbs)[-1]


keys = jax.random.split(jax.random.PRNGKey(0), STAGES)
mbs = jnp.ones((MB, 4, H))
print(run.trace(keys, mbs).lower(lowering_platforms=("cuda",)).as_text()[:20])
