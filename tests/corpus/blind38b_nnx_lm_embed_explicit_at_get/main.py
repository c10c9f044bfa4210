import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from lm.model import MiniLM


@nnx.jit
def train_step(model, optimizer, tokens):
    def loss_fn(model):
        logits = model(tokens[:, :-1])
        return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    mesh = jax.make_mesh((4,), ("data",))
    with jax.set_mesh(mesh):
        model = MiniLM(rngs=nnx.Rngs(0))
        optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
        tokens = jax.device_put(jnp.zeros((8, 33), jnp.int32), NamedSharding(mesh, P("data", None)))
        lowered = train_step.trace(model, optimizer, tokens).lower(lowering_platforms=("cuda",))
    print(len(lowered.as_text()) > 0)


if __name__ == "__main__":
    main()
