"""A Linen encoder that pins its activations with nn.with_logical_constraint (written for the
pjit/GSPMD path) reused inside a hand-written shard_map data-parallel step."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))
RULES = (('batch', 'data'), ('length', None), ('embed', None))


class EncoderLayer(nn.Module):
    dim: int = 64

    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm()(x)
        h = nn.Dense(self.dim * 4)(h)
        h = nn.Dense(self.dim)(nn.gelu(h))
        x = x + h
        return nn.with_logical_constraint(x, ('batch', 'length', 'embed'))


model = EncoderLayer()
params = model.init(jax.random.key(0), jnp.ones((2, 16, 64)))['params']
tx = optax.adam(1e-3)
opt_state = tx.init(params)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P('data')), out_specs=(P(), P(), P()))
def train_step(params, opt_state, x):
    def loss_fn(p):
        return jnp.mean(model.apply({'params': p}, x) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, 'data')
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, 'data')


with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
    out = train_step.trace(params, opt_state, jnp.ones((8, 16, 64))).lower(
        lowering_platforms=('cuda',))
print("lowered")
