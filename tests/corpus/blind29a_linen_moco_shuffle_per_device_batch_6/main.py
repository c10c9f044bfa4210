"""MoCo 'shuffling BN' across devices: the key batch is exchanged with a tiled all_to_all so
each device's local BatchNorm sees samples from every device, then exchanged back."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

PER_DEVICE_BATCH = 6


class KeyEncoder(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        x = nn.Conv(16, (3, 3), strides=(2, 2))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)  # local BN by design
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(32)(x)


encoder = KeyEncoder()


def shuffle(x, axis_name="data"):
    # [b, ...] -> b/n samples from each of the n devices
    return lax.all_to_all(x, axis_name, split_axis=0, concat_axis=0, tiled=True)


unshuffle = shuffle  # the tiled all_to_all is its own inverse


def momentum_keys(variables, images):
    k, new_state = encoder.apply(variables, shuffle(images), mutable=["batch_stats"])
    k = unshuffle(k)
    stats = lax.pmean(new_state["batch_stats"], axis_name="data")
    return k / jnp.linalg.norm(k, axis=-1, keepdims=True), stats


mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Explicit,))
variables = encoder.init(jax.random.PRNGKey(0), jnp.zeros((2, 16, 16, 3)))
keys_fn = jax.jit(jax.shard_map(
    momentum_keys, mesh=mesh,
    in_specs=(P(), P("data")), out_specs=(P("data"), P())))

images = jax.device_put(jnp.ones((4 * PER_DEVICE_BATCH, 16, 16, 3)), NamedSharding(mesh, P("data")))
lowered = keys_fn.trace(variables, images).lower(lowering_platforms=("cuda",))
print("ok")
