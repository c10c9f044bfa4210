import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from layers import RingMixer

N_DEV = len(jax.devices())
mesh = jax.make_mesh((N_DEV,), ("x",))

model = RingMixer(128, axis_name="x", rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)


def forward(state, x):
  m = nnx.merge(graphdef, state)
  return m(x)


# One slice of the batch per ring member: shard the batch over the mesh axis.
step = jax.jit(
    jax.shard_map(forward, mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x"),
                  check_vma=False))

if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((N_DEV * 64, 128), jnp.float32,
                           sharding=jax.NamedSharding(mesh, P("x")))
  step.trace(state, x).lower(lowering_platforms=("tpu",))
