"""SimCLR NT-Xent loss with a global batch: each device embeds its two views, all_gathers
the embeddings (tiled) and uses negatives from every device; positives located with
axis_index. Written with nnx.shard_map and nnx.value_and_grad."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

AX = "data"


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.conv1 = nnx.Conv(3, 16, (3, 3), strides=(2, 2), rngs=rngs)
        self.conv2 = nnx.Conv(16, 32, (3, 3), strides=(2, 2), rngs=rngs)
        self.proj1 = nnx.Linear(32, 64, rngs=rngs)
        self.proj2 = nnx.Linear(64, 32, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.conv1(x))
        x = nnx.relu(self.conv2(x)).mean(axis=(1, 2))
        z = self.proj2(nnx.relu(self.proj1(x)))
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def nt_xent(model, view1, view2, temperature=0.1):
    b = view1.shape[0]
    z = model(jnp.concatenate([view1, view2], axis=0))         # [2b, d] local
    z1, z2 = jnp.split(z, 2, axis=0)
    all_z1 = jax.lax.all_gather(z1, AX, tiled=True)              # [B, d]
    all_z2 = jax.lax.all_gather(z2, AX, tiled=True)
    candidates = jnp.concatenate([all_z1, all_z2], axis=0)       # [2B, d]
    logits = jnp.einsum("bd,nd->bn", jnp.concatenate([z1, z2], 0), candidates) / temperature
    B = all_z1.shape[0]
    offset = jax.lax.axis_index(AX) * b
    idx = offset + jnp.arange(b)
    self_mask = jax.nn.one_hot(jnp.concatenate([idx, idx + B]), 2 * B)
    logits = logits - 1e9 * self_mask
    labels = jnp.concatenate([idx + B, idx])
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


mesh = jax.make_mesh((4,), (AX,))
model = Encoder(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.lars(0.3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, v1, v2):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P(AX), P(AX)), out_specs=(P(), P()))
    def grads_and_loss(model, v1, v2):
        loss, grads = nnx.value_and_grad(nt_xent)(model, v1, v2)
        return jax.lax.pmean(grads, AX), jax.lax.pmean(loss, AX)

    grads, loss = grads_and_loss(model, v1, v2)
    optimizer.update(model, grads)
    return loss


sh = NamedSharding(mesh, P(AX))
v1 = jax.device_put(jnp.ones((32, 16, 16, 3)), sh)
v2 = jax.device_put(jnp.ones((32, 16, 16, 3)), sh)
lowered = train_step.trace(model, optimizer, v1, v2).lower(lowering_platforms=("cuda",))
print("ok")
