"""Per-shard train step: the loss and gradients are averaged over every data axis."""
import jax
import jax.numpy as jnp


def loss_fn(params, batch):
    logits = jnp.tanh(batch["inputs"] @ params["w_in"]) @ params["w_out"]
    return jnp.mean((logits - batch["targets"]) ** 2)


def make_train_step(config, data_axes):
    lr = config.learning_rate

    def train_step(params, batch):
        loss, grads = jax.value_and_grad(loss_fn)(params, batch)
        loss = jax.lax.pmean(loss, axis_name=data_axes)
        grads = jax.lax.pmean(grads, axis_name=data_axes)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, {"loss": loss}

    return train_step
