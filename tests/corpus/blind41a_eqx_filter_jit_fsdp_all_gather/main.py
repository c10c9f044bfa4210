import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

AX = 'fsdp'
mesh = Mesh(np.array(jax.devices()), (AX,))


def gather_params(params):
  return jax.tree.map(lambda p: jax.lax.all_gather(p, AX, tiled=True), params)


def loss_local(params, static, x, y):
  model = eqx.combine(gather_params(params), static)
  pred = jax.vmap(model)(x)
  return jax.lax.pmean(jnp.mean((pred - y) ** 2), AX)


def grad_step(params, static, x, y):
  loss, g = jax.value_and_grad(loss_local)(params, static, x, y)
  return loss, g


@eqx.filter_jit
def train_step(model, x, y):
  params, static = eqx.partition(model, eqx.is_array)
  specs = jax.tree.map(lambda _: P(AX), params)
  step = jax.shard_map(lambda p, x, y: grad_step(p, static, x, y), mesh=mesh,
                       in_specs=(specs, P(AX), P(AX)), out_specs=(P(), specs))
  loss, grads = step(params, x, y)
  params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
  return loss, eqx.combine(params, static)


model = eqx.nn.MLP(8, 8, 32, 2, key=jax.random.key(0))
x = jnp.ones((16, 8))
y = jnp.zeros((16, 8))
params, static = eqx.partition(model, eqx.is_array)
entry = jax.jit(lambda p, x, y: train_step(eqx.combine(p, static), x, y)[0])
print(entry.trace(params, x, y).lower(lowering_platforms=('cuda',)) is not None)
