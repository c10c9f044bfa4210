import jax
import jax.numpy as jnp


def init_mlp(key, sizes):
    params = []
    for k, (d_in, d_out) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append((jax.random.normal(k, (d_in, d_out)) / jnp.sqrt(d_in), jnp.zeros((d_out,))))
    return params


def predict(params, x):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def mlp_loss(params, x, y):
    logits = predict(params, x)
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))
