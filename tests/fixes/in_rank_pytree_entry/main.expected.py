import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
IMAGE_SPEC = P("data", None, None, None)  # NCHW, batch-sharded


def loss(w, batch):
    images, labels = batch
    logits = images.reshape(images.shape[0], -1) @ w
    return jax.lax.pmean(jnp.mean((logits[:, 0] - labels) ** 2), "data")


step = jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=(P(), P("data")), out_specs=P()))

if __name__ == "__main__":
    batch = (jnp.zeros((16, 1, 28, 28)), jnp.zeros((16,)))
    step.trace(jnp.zeros((784, 10)), batch).lower(lowering_platforms=("cuda",))
