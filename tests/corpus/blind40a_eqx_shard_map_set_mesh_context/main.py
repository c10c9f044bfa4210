import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))

conv = eqx.nn.Conv1d(4, 4, kernel_size=3, padding=1, key=jax.random.key(0))
params, static = eqx.partition(conv, eqx.is_array)


@jax.shard_map(in_specs=(P(), P("data")), out_specs=P())
def forward(params, x):
    model = eqx.combine(params, static)
    y = jax.vmap(model)(x)
    return jax.lax.pmean(jnp.mean(y ** 2), "data")


x = jnp.ones((8, 4, 32))
with jax.set_mesh(mesh):
    lowered = jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
