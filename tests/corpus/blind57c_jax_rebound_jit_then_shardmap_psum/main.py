import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

AX = "d"
LR, MAX_NORM = 0.1, 1.0


def loss(w, x, y):
  return jnp.sum((x @ w["k"] + w["b"] - y) ** 2)


def step(w, x, y):
  g = jax.grad(loss)(w, x, y)
  g = lax.psum(g, AX)
  n = lax.psum(x.shape[0], AX)
  g = jax.tree.map(lambda t: t / n, g)
  norm = jnp.sqrt(sum(jnp.sum(t * t) for t in jax.tree.leaves(g)))
  g = lax.cond(norm > MAX_NORM,
               lambda g: jax.tree.map(lambda t: t * (MAX_NORM / norm), g),
               lambda g: g, g)
  return jax.tree.map(lambda p, t: p - LR * t, w, g)


mesh = jax.make_mesh((4,), (AX,), axis_types=(AxisType.Auto,))
step = jax.jit(step)
step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(AX), P(AX)), out_specs=P())
step = jax.jit(step)


def main():
  w = {"k": jnp.zeros((16, 1)), "b": jnp.zeros((1,))}
  x, y = jnp.ones((64, 16)), jnp.ones((64, 1))
  step.trace(w, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
