"""ZeRO-2 style: reduce-scatter the gradients of an Equinox classifier over the data axis
so every device keeps one slice of each gradient."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

NUM_CLASSES = 10
mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Explicit,))
model = eqx.nn.MLP(32, NUM_CLASSES, 64, 1, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


def loss_fn(params, x, labels):
    logits = jax.vmap(eqx.combine(params, static))(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def grad_shards(params, x, labels):
    grads = jax.grad(loss_fn)(params, x, labels)
    return jax.tree.map(
        lambda g: jax.lax.psum_scatter(g, "data", scatter_dimension=0, tiled=True), grads
    )


grad_shards = jax.shard_map(
    grad_shards, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P("data")
)

with jax.set_mesh(mesh):
    params = jax.device_put(params, P())
    x = jax.device_put(jnp.ones((16, 32)), P("data"))
    labels = jax.device_put(jnp.zeros((16,), jnp.int32), P("data"))
    lowered = jax.jit(grad_shards).trace(params, x, labels).lower(lowering_platforms=("cuda",))
print("ok")
