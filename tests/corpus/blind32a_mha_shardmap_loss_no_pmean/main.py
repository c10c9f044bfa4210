"""ViT-style attention classifier, data parallel under shard_map; loss returned replicated without pmean."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from equinox import Module, combine, is_array, nn, partition
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class AttnClassifier(Module):
    embed: nn.Linear
    attn: nn.MultiheadAttention
    norm: nn.LayerNorm
    head: nn.Linear

    def __init__(self, key):
        k1, k2, k3 = jax.random.split(key, 3)
        self.embed = nn.Linear(12, 48, key=k1)
        self.attn = nn.MultiheadAttention(num_heads=4, query_size=48, key=k2)
        self.norm = nn.LayerNorm(48)
        self.head = nn.Linear(48, 10, key=k3)

    def __call__(self, patches):
        h = jax.vmap(self.embed)(patches)
        h = h + self.attn(h, h, h)
        h = jax.vmap(self.norm)(h)
        return self.head(h.mean(axis=0))


mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
model = AttnClassifier(jax.random.key(0))
params, static = partition(model, is_array)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
def loss_and_grads(params, patches, labels):
    def loss_fn(params):
        logits = jax.vmap(combine(params, static))(patches)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    return loss, jax.lax.pmean(grads, "data")


patches = jax.device_put(jnp.ones((16, 9, 12)), NamedSharding(mesh, P("data")))
labels = jax.device_put(jnp.zeros((16,), jnp.int32), NamedSharding(mesh, P("data")))
print(loss_and_grads.trace(params, patches, labels).lower(lowering_platforms=("cuda",)) is not None)
