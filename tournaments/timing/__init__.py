"""Pure timing arithmetic for online play (issue 16): no Django, type-checked strictly."""
