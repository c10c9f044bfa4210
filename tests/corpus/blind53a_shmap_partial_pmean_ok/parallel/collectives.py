from jax import lax
import jax


def sync_grads(grads, axis_name):
    return jax.tree.map(lambda g: lax.pmean(g, axis_name), grads)


def sync_loss(loss, axis_name):
    return lax.pmean(loss, axis_name)
