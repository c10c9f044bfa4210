import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("batch", "model"))


class TinyLM(nnx.Module):
    def __init__(self, vocab, dim, *, rngs):
        self.embed = nnx.Embed(
            vocab, dim,
            embedding_init=nnx.with_partitioning(nnx.initializers.normal(0.02), (None, "model")),
            rngs=rngs,
        )
        self.proj = nnx.Linear(
            dim, vocab,
            kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), ("model", None)),
            use_bias=False, rngs=rngs,
        )

    def __call__(self, tokens):
        return self.proj(self.embed(tokens))


with jax.set_mesh(mesh):
    model = TinyLM(128, 32, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, tokens):
    def loss_fn(model):
        logits = model(tokens[:, :-1])
        return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


with jax.set_mesh(mesh):
    tokens = jax.device_put(jnp.zeros((8, 17), jnp.int32), P("batch", None))
    print(train_step.trace(model, optimizer, tokens).lower(lowering_platforms=("cuda",)).as_text()[:20])
