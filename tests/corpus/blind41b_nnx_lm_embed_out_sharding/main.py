"""Tiny NNX language model, tied embeddings, data-parallel over an Explicit mesh (JAX 0.8)."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

VOCAB, D, T = 512, 64, 16

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Explicit,))


class TinyLM(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Embed(VOCAB, D, rngs=rngs)
        self.mlp = nnx.Linear(D, D, rngs=rngs)
        self.norm = nnx.LayerNorm(D, rngs=rngs)

    def __call__(self, tokens):
        h = self.embed(tokens, out_sharding=P("data", None, None))
        h = h + nnx.gelu(self.mlp(self.norm(h)))
        return self.embed.attend(h)


def loss_fn(model, tokens, targets):
    logits = model(tokens)
    return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()


@nnx.jit
def train_step(model, optimizer, tokens, targets):
    loss, grads = nnx.value_and_grad(loss_fn)(model, tokens, targets)
    optimizer.update(model, grads)
    return loss


with jax.set_mesh(mesh):
    model = TinyLM(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
    batch_sharding = NamedSharding(mesh, P("data"))
    tokens = jax.device_put(jnp.zeros((8, T), jnp.int32), batch_sharding)
    targets = jax.device_put(jnp.ones((8, T), jnp.int32), batch_sharding)
    lowered = train_step.trace(model, optimizer, tokens, targets).lower(lowering_platforms=("cuda",))
print(type(lowered).__name__)
