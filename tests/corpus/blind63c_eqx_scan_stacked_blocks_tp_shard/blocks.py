import equinox as eqx
import jax
import jax.numpy as jnp
import jax.lax as lax
from jax.sharding import NamedSharding, PartitionSpec as P


class Block(eqx.Module):
  ln: eqx.nn.LayerNorm
  w_in: eqx.nn.Linear
  w_out: eqx.nn.Linear

  def __init__(self, d, *, key):
    k1, k2 = jax.random.split(key)
    self.ln = eqx.nn.LayerNorm(d)
    self.w_in = eqx.nn.Linear(d, 4 * d, key=k1)
    self.w_out = eqx.nn.Linear(4 * d, d, key=k2)

  def __call__(self, x):
    return x + self.w_out(jax.nn.relu(self.w_in(self.ln(x))))


def stacked_blocks(depth, d, key):
  return eqx.filter_vmap(lambda k: Block(d, key=k))(jax.random.split(key, depth))


def run_stack(stack, x):
  params, static = eqx.partition(stack, eqx.is_array)

  def step(h, p):
    blk = eqx.combine(p, static)
    return jax.vmap(blk)(h), None

  out, _ = lax.scan(step, x, params)
  return out


def stack_shardings(stack, mesh):
  """Layer axis replicated; the 4*d hidden dimension split over 'model'."""
  params, _ = eqx.partition(stack, eqx.is_array)
  shardings = jax.tree.map(lambda a: NamedSharding(mesh, P()), params)
  return eqx.tree_at(
      lambda s: (s.w_in.weight, s.w_in.bias, s.w_out.weight),
      shardings,
      (NamedSharding(mesh, P(None, "model", None)), NamedSharding(mesh, P(None, "model")),
       NamedSharding(mesh, P(None, None, "model"))),
  )
