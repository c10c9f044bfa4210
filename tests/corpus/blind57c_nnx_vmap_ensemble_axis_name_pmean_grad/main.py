from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx

N_MEMBERS = 4
ENS = "ensemble"


class Member(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(8, 32, rngs=rngs)
    self.l2 = nnx.Linear(32, 1, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


@nnx.split_rngs(splits=N_MEMBERS)
@nnx.vmap(in_axes=0, out_axes=0)
def make_ensemble(rngs):
  return Member(rngs)


@partial(nnx.vmap, in_axes=(0, None, None, None), out_axes=0, axis_name=ENS)
def member_loss(member, x, y, lam):
  pred = member(x)
  ens_mean = jax.lax.pmean(pred, ENS)
  # negative correlation learning: fit the target, stay away from the ensemble mean
  return jnp.mean((pred - y) ** 2) - lam * jnp.mean((pred - ens_mean) ** 2)


@nnx.jit
def train_step(ensemble, optimizer, x, y):
  def total_loss(ensemble):
    return member_loss(ensemble, x, y, 0.1).sum()

  grads = nnx.grad(total_loss)(ensemble)
  optimizer.update(ensemble, grads)


def main():
  ensemble = make_ensemble(nnx.Rngs(0))
  optimizer = nnx.Optimizer(ensemble, optax.adam(1e-3), wrt=nnx.Param)
  x, y = jnp.ones((64, 8)), jnp.zeros((64, 1))
  train_step.trace(ensemble, optimizer, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
