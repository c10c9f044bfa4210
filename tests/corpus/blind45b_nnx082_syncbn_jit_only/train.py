import jax
import optax
from flax import nnx


def make_train_step(graphdef, lr):
    def train_step(params, batch_stats, images, labels):
        model = nnx.merge(graphdef, params, batch_stats)
        model.train()

        def loss_fn(model):
            logits = model(images)
            return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        _, params, batch_stats = nnx.split(model, nnx.Param, nnx.BatchStat)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, batch_stats, loss

    return train_step
