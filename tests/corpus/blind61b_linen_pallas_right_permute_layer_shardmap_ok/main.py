import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from model import ShiftedMix

NUM_DEVICES = 4
mesh = jax.make_mesh((NUM_DEVICES,), ("x",))
model = ShiftedMix(features=128, axis_name="x", num_devices=NUM_DEVICES)


def forward(variables, x):
  return model.apply(variables, x)


sharded_forward = jax.jit(
    jax.shard_map(
        forward,
        mesh=mesh,
        in_specs=(P(), P("x")),
        out_specs=P("x"),
        check_vma=False,
    )
)


def main():
  x = jax.ShapeDtypeStruct((NUM_DEVICES * 8, 128), jnp.float32,
                           sharding=NamedSharding(mesh, P("x")))
  variables = jax.eval_shape(model.init, jax.random.key(0),
                             jnp.zeros((8, 128), jnp.float32))
  lowered = sharded_forward.trace(variables, x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
