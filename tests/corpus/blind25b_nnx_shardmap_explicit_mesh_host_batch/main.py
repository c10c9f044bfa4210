import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class LM(nnx.Module):
    def __init__(self, vocab, dim, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, tokens):
        return self.out(self.embed(tokens))


mesh = jax.make_mesh((4,), ("data",))
jax.set_mesh(mesh)

model = LM(256, 32, nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(3e-4), wrt=nnx.Param)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P("data")), out_specs=P())
def train_step(model, optimizer, tokens):
    def loss_fn(model):
        logits = model(tokens[:, :-1])
        return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, jax.lax.pmean(grads, "data"))
    return jax.lax.pmean(loss, "data")


tokens = jnp.zeros((16, 33), jnp.int32)  # host batch straight from the data loader
print(jax.jit(train_step).trace(model, optimizer, tokens).lower(lowering_platforms=("cuda",)).as_text()[:10])
