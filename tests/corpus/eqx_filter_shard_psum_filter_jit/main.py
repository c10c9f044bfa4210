"""An Equinox forward pass that shards its batch with eqx.filter_shard and then psums the
per-example losses over the mesh's "data" axis, under eqx.filter_jit."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard

mesh = jax.make_mesh((jax.device_count(),), ("data",), axis_types=(jshard.AxisType.Auto,))
data = jshard.NamedSharding(mesh, jshard.PartitionSpec("data"))

model = eqx.nn.Linear(8, 1, key=jr.PRNGKey(0))


@eqx.filter_jit
def total_loss(model, x):
    x = eqx.filter_shard(x, data)
    per_example = jax.vmap(model)(x) ** 2
    return jax.lax.psum(per_example.sum(), "data")


total_loss.lower(model, jnp.ones((32, 8)))
