// libxcb's functions that the X11 host (Sources/DesktopX11) calls, forwarded to libxcb.so.1 once
// `clazy_load(CLAZY_XCB)` opened it (CLazyLoader.h says why). Each entry is the prototype of <xcb/xcb.h> or
// <xcb/xproto.h>, with the arguments passed on: F(RESULT, NAME, (PARAMETERS), (ARGUMENTS)), or V(NAME, (PARAMETERS),
// (ARGUMENTS)) for a function that returns nothing. A new call from Swift needs its line here (the link says which name
// is missing).
#include "CLazyLoader.h"

#include <xcb/xcb.h>
#include <xcb/xproto.h>

#define CLAZY_XCB_FUNCTIONS(F, V)                                                                                     \
    F(xcb_void_cookie_t, xcb_change_property,                                                                         \
        (xcb_connection_t *c, uint8_t mode, xcb_window_t window, xcb_atom_t property, xcb_atom_t type,                \
         uint8_t format, uint32_t data_len, const void *data),                                                        \
        (c, mode, window, property, type, format, data_len, data))                                                    \
    F(xcb_void_cookie_t, xcb_change_window_attributes,                                                                \
        (xcb_connection_t *c, xcb_window_t window, uint32_t value_mask, const void *value_list),                      \
        (c, window, value_mask, value_list))                                                                          \
    F(xcb_connection_t *, xcb_connect, (const char *displayname, int *screenp), (displayname, screenp))               \
    F(int, xcb_connection_has_error, (xcb_connection_t *c), (c))                                                      \
    F(xcb_void_cookie_t, xcb_convert_selection,                                                                       \
        (xcb_connection_t *c, xcb_window_t requestor, xcb_atom_t selection, xcb_atom_t target, xcb_atom_t property,   \
         xcb_timestamp_t time),                                                                                       \
        (c, requestor, selection, target, property, time))                                                            \
    F(xcb_void_cookie_t, xcb_create_gc,                                                                               \
        (xcb_connection_t *c, xcb_gcontext_t cid, xcb_drawable_t drawable, uint32_t value_mask,                       \
         const void *value_list),                                                                                     \
        (c, cid, drawable, value_mask, value_list))                                                                   \
    F(xcb_void_cookie_t, xcb_create_window,                                                                           \
        (xcb_connection_t *c, uint8_t depth, xcb_window_t wid, xcb_window_t parent, int16_t x, int16_t y,             \
         uint16_t width, uint16_t height, uint16_t border_width, uint16_t _class, xcb_visualid_t visual,              \
         uint32_t value_mask, const void *value_list),                                                                \
        (c, depth, wid, parent, x, y, width, height, border_width, _class, visual, value_mask, value_list))           \
    F(xcb_void_cookie_t, xcb_destroy_window, (xcb_connection_t *c, xcb_window_t window), (c, window))                 \
    V(xcb_disconnect, (xcb_connection_t *c), (c))                                                                     \
    F(int, xcb_flush, (xcb_connection_t *c), (c))                                                                     \
    F(xcb_void_cookie_t, xcb_free_gc, (xcb_connection_t *c, xcb_gcontext_t gc), (c, gc))                              \
    F(uint32_t, xcb_generate_id, (xcb_connection_t *c), (c))                                                          \
    F(xcb_get_atom_name_cookie_t, xcb_get_atom_name, (xcb_connection_t *c, xcb_atom_t atom), (c, atom))               \
    F(char *, xcb_get_atom_name_name, (const xcb_get_atom_name_reply_t *R), (R))                                      \
    F(int, xcb_get_atom_name_name_length, (const xcb_get_atom_name_reply_t *R), (R))                                  \
    F(xcb_get_atom_name_reply_t *, xcb_get_atom_name_reply,                                                           \
        (xcb_connection_t *c, xcb_get_atom_name_cookie_t cookie, xcb_generic_error_t **e),                            \
        (c, cookie, e))                                                                                               \
    F(int, xcb_get_file_descriptor, (xcb_connection_t *c), (c))                                                       \
    F(xcb_get_image_cookie_t, xcb_get_image,                                                                          \
        (xcb_connection_t *c, uint8_t format, xcb_drawable_t drawable, int16_t x, int16_t y, uint16_t width,          \
         uint16_t height, uint32_t plane_mask),                                                                       \
        (c, format, drawable, x, y, width, height, plane_mask))                                                       \
    F(uint8_t *, xcb_get_image_data, (const xcb_get_image_reply_t *R), (R))                                           \
    F(int, xcb_get_image_data_length, (const xcb_get_image_reply_t *R), (R))                                          \
    F(xcb_get_image_reply_t *, xcb_get_image_reply,                                                                   \
        (xcb_connection_t *c, xcb_get_image_cookie_t cookie, xcb_generic_error_t **e),                                \
        (c, cookie, e))                                                                                               \
    F(xcb_get_keyboard_mapping_cookie_t, xcb_get_keyboard_mapping,                                                    \
        (xcb_connection_t *c, xcb_keycode_t first_keycode, uint8_t count),                                            \
        (c, first_keycode, count))                                                                                    \
    F(xcb_keysym_t *, xcb_get_keyboard_mapping_keysyms, (const xcb_get_keyboard_mapping_reply_t *R), (R))             \
    F(int, xcb_get_keyboard_mapping_keysyms_length, (const xcb_get_keyboard_mapping_reply_t *R), (R))                 \
    F(xcb_get_keyboard_mapping_reply_t *, xcb_get_keyboard_mapping_reply,                                             \
        (xcb_connection_t *c, xcb_get_keyboard_mapping_cookie_t cookie, xcb_generic_error_t **e),                     \
        (c, cookie, e))                                                                                               \
    F(uint32_t, xcb_get_maximum_request_length, (xcb_connection_t *c), (c))                                           \
    F(xcb_get_property_cookie_t, xcb_get_property,                                                                    \
        (xcb_connection_t *c, uint8_t _delete, xcb_window_t window, xcb_atom_t property, xcb_atom_t type,             \
         uint32_t long_offset, uint32_t long_length),                                                                 \
        (c, _delete, window, property, type, long_offset, long_length))                                               \
    F(xcb_get_property_reply_t *, xcb_get_property_reply,                                                             \
        (xcb_connection_t *c, xcb_get_property_cookie_t cookie, xcb_generic_error_t **e),                             \
        (c, cookie, e))                                                                                               \
    F(void *, xcb_get_property_value, (const xcb_get_property_reply_t *R), (R))                                       \
    F(int, xcb_get_property_value_length, (const xcb_get_property_reply_t *R), (R))                                   \
    F(xcb_get_selection_owner_cookie_t, xcb_get_selection_owner,                                                      \
        (xcb_connection_t *c, xcb_atom_t selection),                                                                  \
        (c, selection))                                                                                               \
    F(xcb_get_selection_owner_reply_t *, xcb_get_selection_owner_reply,                                               \
        (xcb_connection_t *c, xcb_get_selection_owner_cookie_t cookie, xcb_generic_error_t **e),                      \
        (c, cookie, e))                                                                                               \
    F(const struct xcb_setup_t *, xcb_get_setup, (xcb_connection_t *c), (c))                                          \
    F(xcb_get_window_attributes_cookie_t, xcb_get_window_attributes,                                                  \
        (xcb_connection_t *c, xcb_window_t window),                                                                   \
        (c, window))                                                                                                  \
    F(xcb_get_window_attributes_reply_t *, xcb_get_window_attributes_reply,                                           \
        (xcb_connection_t *c, xcb_get_window_attributes_cookie_t cookie, xcb_generic_error_t **e),                    \
        (c, cookie, e))                                                                                               \
    F(xcb_grab_keyboard_cookie_t, xcb_grab_keyboard,                                                                  \
        (xcb_connection_t *c, uint8_t owner_events, xcb_window_t grab_window, xcb_timestamp_t time,                   \
         uint8_t pointer_mode, uint8_t keyboard_mode),                                                                \
        (c, owner_events, grab_window, time, pointer_mode, keyboard_mode))                                            \
    F(xcb_intern_atom_cookie_t, xcb_intern_atom,                                                                      \
        (xcb_connection_t *c, uint8_t only_if_exists, uint16_t name_len, const char *name),                           \
        (c, only_if_exists, name_len, name))                                                                          \
    F(xcb_intern_atom_reply_t *, xcb_intern_atom_reply,                                                               \
        (xcb_connection_t *c, xcb_intern_atom_cookie_t cookie, xcb_generic_error_t **e),                              \
        (c, cookie, e))                                                                                               \
    F(xcb_void_cookie_t, xcb_map_window, (xcb_connection_t *c, xcb_window_t window), (c, window))                     \
    F(xcb_generic_event_t *, xcb_poll_for_event, (xcb_connection_t *c), (c))                                          \
    F(xcb_void_cookie_t, xcb_put_image,                                                                               \
        (xcb_connection_t *c, uint8_t format, xcb_drawable_t drawable, xcb_gcontext_t gc, uint16_t width,             \
         uint16_t height, int16_t dst_x, int16_t dst_y, uint8_t left_pad, uint8_t depth, uint32_t data_len,           \
         const uint8_t *data),                                                                                        \
        (c, format, drawable, gc, width, height, dst_x, dst_y, left_pad, depth, data_len, data))                      \
    F(xcb_query_pointer_cookie_t, xcb_query_pointer, (xcb_connection_t *c, xcb_window_t window), (c, window))         \
    F(xcb_query_pointer_reply_t *, xcb_query_pointer_reply,                                                           \
        (xcb_connection_t *c, xcb_query_pointer_cookie_t cookie, xcb_generic_error_t **e),                            \
        (c, cookie, e))                                                                                               \
    V(xcb_screen_next, (xcb_screen_iterator_t *i), (i))                                                               \
    F(xcb_void_cookie_t, xcb_send_event,                                                                              \
        (xcb_connection_t *c, uint8_t propagate, xcb_window_t destination, uint32_t event_mask, const char *event),   \
        (c, propagate, destination, event_mask, event))                                                               \
    F(xcb_void_cookie_t, xcb_set_selection_owner,                                                                     \
        (xcb_connection_t *c, xcb_window_t owner, xcb_atom_t selection, xcb_timestamp_t time),                        \
        (c, owner, selection, time))                                                                                  \
    F(xcb_screen_iterator_t, xcb_setup_roots_iterator, (const xcb_setup_t *R), (R))                                   \
    F(xcb_translate_coordinates_cookie_t, xcb_translate_coordinates,                                                  \
        (xcb_connection_t *c, xcb_window_t src_window, xcb_window_t dst_window, int16_t src_x, int16_t src_y),        \
        (c, src_window, dst_window, src_x, src_y))                                                                    \
    F(xcb_translate_coordinates_reply_t *, xcb_translate_coordinates_reply,                                           \
        (xcb_connection_t *c, xcb_translate_coordinates_cookie_t cookie, xcb_generic_error_t **e),                    \
        (c, cookie, e))                                                                                               \
    F(xcb_void_cookie_t, xcb_ungrab_keyboard, (xcb_connection_t *c, xcb_timestamp_t time), (c, time))

#define CLAZY_STATE clazy_xcb
CLAZY_DEFINE_STATE("libxcb.so.1", CLAZY_XCB_FUNCTIONS)

CLAZY_XCB_FUNCTIONS(CLAZY_FORWARD, CLAZY_FORWARD_VOID)
