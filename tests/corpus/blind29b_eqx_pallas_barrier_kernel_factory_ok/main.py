import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from ops import make_barrier_copy


class SyncScale(eqx.Module):
    kernel: callable = eqx.field(static=True)
    mesh: jax.sharding.Mesh = eqx.field(static=True)

    @classmethod
    def create(cls, mesh, axis_name):
        return cls(make_barrier_copy(axis_name), mesh)

    def __call__(self, x):
        spec = P(self.mesh.axis_names[0])
        return jax.shard_map(self.kernel, mesh=self.mesh, in_specs=spec, out_specs=spec,
                             check_vma=False)(x)


mesh = jax.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))
layer = SyncScale.create(mesh, "x")
x = jnp.ones((4 * 8, 128), jnp.float32)
lowered = jax.jit(lambda x: layer(x)).trace(x).lower(lowering_platforms=("tpu",))
print("lowered")
