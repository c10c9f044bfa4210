import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax.sharding import AxisType, PartitionSpec as P


class Classifier(nn.Module):
    num_classes: int = 10

    @nn.compact
    def __call__(self, x):
        x = x.reshape((x.shape[0], -1))
        x = nn.Dense(64)(x)
        return nn.Dense(self.num_classes)(nn.relu(x))


model = Classifier()


def eval_step(params, batch):
    logits = model.apply({"params": params}, batch["image"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()
    acc = jnp.mean(jnp.argmax(logits, -1) == batch["label"])
    return jax.lax.pmean({"loss": loss, "accuracy": acc}, "data")


def main():
    mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
    params = model.init(jax.random.key(0), jnp.ones((1, 8, 8)))["params"]
    batch = {"image": jnp.ones((32, 8, 8)), "label": jnp.zeros((32,), jnp.int32)}
    step = jax.jit(jax.shard_map(eval_step, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P()))
    lowered = step.trace(params, batch).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:20])


if __name__ == "__main__":
    main()
