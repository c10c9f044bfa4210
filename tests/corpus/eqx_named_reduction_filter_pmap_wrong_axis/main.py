"""Equinox's test_named_reduction with the psum over "devices" while eqx.filter_pmap names
its axis "device"."""
import equinox as eqx
import jax
import jax.numpy as jnp


def f(x):
    y = x + 1
    return jax.lax.psum(y, axis_name="devices")


eqx.filter_pmap(f, axis_name="device").lower(jnp.zeros(jax.local_device_count()))
