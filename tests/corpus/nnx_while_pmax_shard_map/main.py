"""An nnx.while_loop refinement whose stopping test takes the pmax over 'data', inside
nnx.shard_map."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ('data',))


class Refiner(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.step = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return x + 0.1 * nnx.tanh(self.step(x))


def refine(model, x, tol):
  """Refine until the largest update on any device is below tol."""
  def cond(carry):
    _, _, delta = carry
    return delta > tol

  def body(carry):
    model, x, _ = carry
    new = model(x)
    delta = jax.lax.pmax(jnp.max(jnp.abs(new - x)), 'data')
    return model, new, delta

  _, x, _ = nnx.while_loop(cond, body, (model, x, jnp.array(jnp.inf)))
  return x


model = Refiner(16, rngs=nnx.Rngs(0))
x = jnp.ones((32, 16))


run = nnx.jit(nnx.shard_map(refine, mesh=mesh, in_specs=(P(), P('data'), P()), out_specs=P('data')))
run.trace(model, x, jnp.float32(1e-3)).lower(lowering_platforms=("cuda",))
