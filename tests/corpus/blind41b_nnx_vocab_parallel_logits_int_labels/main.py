"""Vocab-parallel tied embedding in Flax NNX on JAX 0.10's default mesh."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

VOCAB, D = 50304, 128
mesh = jax.make_mesh((2, 2), ("data", "model"))


class TiedLM(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.wte = nnx.Embed(
            VOCAB, D,
            embedding_init=nnx.with_partitioning(nnx.initializers.normal(0.02), ("model", None)),
            rngs=rngs,
        )
        self.ln_f = nnx.LayerNorm(D, rngs=rngs)

    def __call__(self, idx):
        x = self.wte(idx, out_sharding=P("data", None, None))
        return self.wte.attend(self.ln_f(x))


@nnx.jit
def train_step(model, optimizer, idx, targets):
    def loss_fn(model):
        logits = model(idx)
        return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


with jax.set_mesh(mesh):
    model = TiedLM(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(6e-4), wrt=nnx.Param)
    idx = jax.device_put(jnp.zeros((8, 32), jnp.int32), P("data", None))
    targets = jax.device_put(jnp.zeros((8, 32), jnp.int32), P("data", None))
    train_step.trace(model, optimizer, idx, targets).lower(lowering_platforms=("cuda",))
print("lowered")
