import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType

import equinox as eqx

from ring import right_permute

num_devices = 4
mesh = jax.make_mesh((num_devices,), ("x",), axis_types=(AxisType.Auto,))


class RingShift(eqx.Module):
    """Scales the local shard and passes it to the right-hand neighbour."""

    scale: jax.Array
    axis_name: str = eqx.field(static=True)
    num_devices: int = eqx.field(static=True)

    def __call__(self, x):
        return right_permute(x * self.scale, axis_name=self.axis_name, num_devices=self.num_devices)


layer = RingShift(jnp.ones((128,), jnp.float32), axis_name="x", num_devices=num_devices)


def forward(layer, x):
    return layer(x)


sharded_forward = jax.shard_map(
    forward,
    mesh=mesh,
    in_specs=(P(), P("x")),
    out_specs=P("x"),
    check_vma=False,
)


x = jr.normal(jr.key(0), (8 * num_devices, 128), jnp.float32)
x = jax.device_put(x, NamedSharding(mesh, P("x")))

if __name__ == "__main__":
    print(jax.jit(sharded_forward).trace(layer, x).lower(lowering_platforms=("tpu",)).as_text()[:40])
