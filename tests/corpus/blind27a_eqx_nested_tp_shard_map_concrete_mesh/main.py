import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from hybrid.mesh import DATA, make_mesh
from hybrid.layers import TPLinear
from hybrid.train import build_step


def main():
  mesh = make_mesh()
  layer = TPLinear(64, 16, mesh, jax.random.key(0))
  params, static = eqx.partition(layer, eqx.is_array)
  step = build_step(static, mesh)
  with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P(DATA)))
    y = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P(DATA)))
    lowered = step.trace(params, x, y).lower(lowering_platforms=("cuda",))
  print("ok", bool(lowered.as_text()))


if __name__ == "__main__":
  main()
