"""An NNX module under plain jax.jit and jax.shard_map: nnx.value_and_grad inside the mapped
function, loss and gradients averaged over `data`."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ('data',))


class Linear(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.w = nnx.Param(jax.random.normal(rngs.params(), (din, dout)) * 0.02)
    self.b = nnx.Param(jnp.zeros((dout,)))

  def __call__(self, x):
    return x @ self.w[...] + self.b[...]


def loss_fn(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


def local_grads(model, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')


@jax.jit
def grads_step(model, x, y):
  return jax.shard_map(local_grads, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                       out_specs=P())(model, x, y)


model = Linear(8, 2, rngs=nnx.Rngs(0))
grads_step.trace(model, jnp.ones((16, 8)), jnp.ones((16, 2))).lower(lowering_platforms=("cuda",))
