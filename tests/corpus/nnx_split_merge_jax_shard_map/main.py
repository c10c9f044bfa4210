"""The functional NNX style: nnx.split once, then a jax.jit step over the parameter State that
merges the module back inside jax.shard_map and averages the gradients over `data`."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ('data',))


class Regressor(nnx.Module):
  def __init__(self, din, *, rngs: nnx.Rngs):
    self.body = nnx.Linear(din, 32, rngs=rngs)
    self.out = nnx.Linear(32, 1, rngs=rngs)

  def __call__(self, x):
    return self.out(nnx.tanh(self.body(x)))


graphdef, params = nnx.split(Regressor(8, rngs=nnx.Rngs(0)))


def loss_fn(params, x, y):
  model = nnx.merge(graphdef, params)
  return jnp.mean((model(x)[:, 0] - y) ** 2)


@jax.jit
def grad_step(params, x, y):
  def local(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')
  return jax.shard_map(local, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                       out_specs=P())(params, x, y)


x = jnp.ones((64, 8))
y = jnp.zeros((64,))
grad_step.trace(params, x, y).lower(lowering_platforms=("cuda",))
