import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels import RightPermute

n = jax.device_count()
mesh = jax.make_mesh((n,), ("x",))
permute = RightPermute(axis_name="x", num_devices=n)


@eqx.filter_jit
def rotate(x):
    return jax.shard_map(permute, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)(x)


x = jax.device_put(jnp.arange(n * 8 * 128, dtype=jnp.float32).reshape(n * 8, 128), NamedSharding(mesh, P("x")))
lowered = jax.jit(rotate).trace(x).lower(lowering_platforms=("tpu",))
print("tpu_custom_call" in lowered.as_text())
