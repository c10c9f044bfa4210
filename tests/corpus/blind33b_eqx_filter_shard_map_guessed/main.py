import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("dp",), axis_types=(jax.sharding.AxisType.Auto,))
model = eqx.nn.Linear(16, 4, key=jax.random.PRNGKey(0))


def per_device(model, x):
    y = jax.vmap(model)(x)
    return jax.lax.psum(jnp.sum(y), "dp")


# eqx.filter_jit / filter_vmap / filter_pmap exist, so ...
sharded = eqx.filter_shard_map(per_device, mesh=mesh, in_specs=(P(), P("dp")), out_specs=P())
fn = eqx.filter_jit(sharded)
x = jnp.ones((32, 16))
print(jax.jit(fn).trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
