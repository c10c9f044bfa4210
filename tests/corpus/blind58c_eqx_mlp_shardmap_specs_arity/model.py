import equinox as eqx
import jax
import jax.numpy as jnp


def make_classifier(key, in_size=32, n_classes=10):
    return eqx.nn.MLP(in_size, n_classes, width_size=128, depth=3,
                      activation=jax.nn.silu, key=key)


def xent_loss(params, static, x, labels):
    model = eqx.combine(params, static)
    logits = jax.vmap(model)(x)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))
