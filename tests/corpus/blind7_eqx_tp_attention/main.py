import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from attention import Block

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('dp', 'tp'))

model = Block(d_model=64, num_heads=8, tp_axis='tp', key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)

specs = jax.tree.map(lambda _: P(), params)
col, row = P('tp', None), P(None, 'tp')
specs = eqx.tree_at(
    lambda s: (s.attn.wq.weight, s.attn.wq.bias, s.attn.wk.weight, s.attn.wk.bias,
               s.attn.wv.weight, s.attn.wv.bias, s.attn.wo.weight),
    specs, (col, P('tp'), col, P('tp'), col, P('tp'), row))


def local_forward(params, x):
  block = eqx.combine(params, static)
  return jax.vmap(block)(x)


forward = jax.shard_map(local_forward, mesh=mesh, in_specs=(specs, P('dp')), out_specs=P('dp'))
optim = optax.adamw(1e-3)
opt_state = optim.init(params)


@eqx.filter_jit
def train_step(params, opt_state, x, y):
  @eqx.filter_value_and_grad
  def loss_fn(params):
    return jnp.mean((forward(params, x) - y) ** 2)

  loss, grads = loss_fn(params)
  updates, opt_state = optim.update(grads, opt_state, params)
  return eqx.apply_updates(params, updates), opt_state, loss


x = jnp.ones((8, 16, 64))
jax.jit(train_step).trace(params, opt_state, x, x).lower(lowering_platforms=('cuda',))
