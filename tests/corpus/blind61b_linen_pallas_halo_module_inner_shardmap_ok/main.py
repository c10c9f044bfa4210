import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import Block

mesh = jax.make_mesh((4,), ("seq",))
model = Block(mesh)
seq_sharded = NamedSharding(mesh, P("seq"))


def main():
  x = jax.ShapeDtypeStruct((4 * 64, 128), jnp.float32, sharding=seq_sharded)
  variables = jax.eval_shape(model.init, jax.random.key(0), x)
  forward = jax.jit(model.apply, out_shardings=seq_sharded)
  lowered = forward.trace(variables, x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
