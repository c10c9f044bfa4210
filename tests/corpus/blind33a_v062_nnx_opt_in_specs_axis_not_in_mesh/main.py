import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

devices = np.array(jax.devices()).reshape(4)
mesh = Mesh(devices, ("data",))


class TinyLM(nnx.Module):
    def __init__(self, rngs):
        self.emb = nnx.Embed(100, 32, rngs=rngs)
        self.out = nnx.Linear(32, 100, rngs=rngs)

    def __call__(self, tok):
        return self.out(self.emb(tok))


model = TinyLM(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adafactor(1e-3), wrt=nnx.Param)


def loss_fn(model, tok):
    logits = model(tok[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tok[:, 1:]).mean()


@nnx.jit
def train_step(model, optimizer, tok):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P("batch")), out_specs=(P(), P()))
    def per_shard(model, tok):
        loss, g = nnx.value_and_grad(loss_fn)(model, tok)
        return jax.lax.pmean(loss, "data"), jax.lax.pmean(g, "data")

    loss, grads = per_shard(model, tok)
    optimizer.update(model, grads)
    return loss


tok = jnp.zeros((8, 17), jnp.int32)
print(train_step.trace(model, optimizer, tok).lower(lowering_platforms=("cuda",)).as_text()[:20])
